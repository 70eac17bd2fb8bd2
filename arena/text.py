"""The tournament's error sentences, in English and Japanese (the shape of
``suiri.solver.errors.ERROR_TEXT``: key -> (English, Japanese))."""

from __future__ import annotations

from suiri.solver.errors import Text

ERRORS: dict[str, tuple[str, str]] = {
    "bots:none": ("no bot named", "ボットが指定されていません"),
    "bots:none-valid": ("--bots A,B,... with the game's bots: {names}", "--bots A,B,...（このゲームのボット: {names}）"),
    "bots:twice": ("bot {name} is listed twice", "ボット {name} が二度書かれています"),
    "bots:twice-valid": ("each bot once; seats are filled by rotating the listed bots",
                         "各ボットは一度だけ（席は書かれたボットを順に回して埋めます）"),
    "scheduler:unreachable": ("cannot reach the Dask scheduler at {address}: {reason}",
                              "Dask のスケジューラ {address} に接続できません：{reason}"),
    "scheduler:valid": ("the address `dask scheduler` prints, e.g. tcp://10.0.0.5:8786",
                        "`dask scheduler` が表示するアドレス（例: tcp://10.0.0.5:8786）"),
}


class ArenaText(Text):
    """An error sentence of the tournament (``ERRORS``)."""

    table = ERRORS
