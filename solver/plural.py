"""English plurals, said once: a count that formats itself with the noun that agrees.

A catalogue sentence writes ``{n:card/cards}`` where it counts something: ``1 card``,
``0 cards``, ``2 cards`` (the number, a space, then the singular or the plural form).
Japanese sentences write ``{n}`` and their counter (``{n} 枚``): the spec is English only.
``Text.render`` (the error catalogues) passes every whole-number parameter as a
``Count``; other catalogues format ``Count(n)`` themselves.  A spec without ``/`` is an
ordinary number format (``{n:,}``)."""

from __future__ import annotations


class Count(int):
    """A whole number that formats as ``N noun`` given ``singular/plural`` as its spec."""

    def __format__(self, spec: str) -> str:
        if "/" not in spec:
            return format(int(self), spec)
        one, many = spec.split("/", 1)
        return f"{int(self)} {one if self == 1 else many}"


def plural(n: int, forms: str) -> str:
    """``n`` and the noun that agrees with it: ``plural(1, "line/lines")`` is ``1 line``."""
    return format(Count(n), forms)


__all__ = ["Count", "plural"]
