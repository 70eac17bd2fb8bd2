"""The map: a grid of squares named like chess squares (column letter, row number).

``Square`` is an int index, as in python-chess: ``index = (row - 1) * width + column``.
Geometry (neighbours, distances) is a plain grid's, computed directly; ``graph`` gives the
same grid as a networkx graph (tests check one against the other), so a reduced board for
tests is just a smaller ``Board``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

from suiri.solver.errors import RecordSyntaxError, Source

from .error_text import ErrorText

if TYPE_CHECKING:  # pragma: no cover
    import networkx as nx

Square = int


@dataclass(frozen=True)
class Board:
    width: int = 7
    height: int = 7

    @property
    def size(self) -> int:
        return self.width * self.height

    @property
    def squares(self) -> range:
        return range(self.size)

    def square(self, column: int, row: int) -> Square:
        """Square from 0-based column and row."""
        return row * self.width + column

    def coords(self, sq: Square) -> tuple[int, int]:
        return sq % self.width, sq // self.width

    def name(self, sq: Square) -> str:
        column, row = self.coords(sq)
        return f"{chr(ord('a') + column)}{row + 1}"

    def parse(self, text: object, source: Source | None = None) -> Square:
        """A square name such as ``c4``; anything else is a syntax error naming the board."""
        last = f"{chr(ord('a') + self.width - 1)}{self.height}"
        if isinstance(text, str):
            t = text.strip().lower()
            if len(t) >= 2 and t[0].isalpha() and t[1:].isdigit():
                column, row = ord(t[0]) - ord("a"), int(t[1:]) - 1
                if 0 <= column < self.width and 0 <= row < self.height:
                    return self.square(column, row)
                raise RecordSyntaxError(ErrorText("board:off", square=repr(text)), source,
                                        ErrorText("board:off-valid", last=last))
        raise RecordSyntaxError(ErrorText("board:unreadable", square=repr(text)), source,
                                ErrorText("board:unreadable-valid", last=last))

    @cached_property
    def corners(self) -> tuple[Square, ...]:
        w, h = self.width - 1, self.height - 1
        return (self.square(0, 0), self.square(0, h), self.square(w, 0), self.square(w, h))

    @cached_property
    def graph(self) -> nx.Graph[Square]:
        """Squares joined when one orthogonal step apart (networkx is imported here,
        not at start-up: it costs ~0.3 s)."""
        import networkx as nx

        grid = nx.grid_2d_graph(self.width, self.height)
        return nx.relabel_nodes(grid, {(c, r): self.square(c, r) for c, r in grid.nodes})

    def neighbours(self, sq: Square) -> list[Square]:
        """Squares one orthogonal step away, in order (a new list: the caller may change it).
        Computed directly because every replayed turn needs it and importing networkx costs
        ~0.3 s; ``tests`` check it against the networkx ``graph``, which serves distances
        and paths."""
        return list(self._neighbours[sq])

    @cached_property
    def _neighbours(self) -> tuple[tuple[Square, ...], ...]:
        """Each square's neighbours, listed once per board (the State and replay ask for
        them several times a turn)."""
        out = []
        for sq in self.squares:
            column, row = self.coords(sq)
            steps = ((column, row - 1), (column - 1, row), (column + 1, row), (column, row + 1))
            out.append(tuple(sorted(self.square(c, r) for c, r in steps if 0 <= c < self.width and 0 <= r < self.height)))
        return tuple(out)

    def distance(self, a: Square, b: Square) -> int:
        """Orthogonal steps from ``a`` to ``b``: on a grid with no walls, the Manhattan
        distance (computed directly, like ``neighbours``: importing networkx cost every
        ``advise`` ~0.15 s of CPU; ``tests`` check it against the ``graph``'s shortest paths)."""
        (ac, ar), (bc, br) = self.coords(a), self.coords(b)
        return abs(ac - bc) + abs(ar - br)


STANDARD_BOARD = Board(7, 7)
