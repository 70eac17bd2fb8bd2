"""Interface sentences of the CLI that belong to no game, in English and Japanese.

Each game's own sentences (and its screens) live in its text catalogue, e.g.
``suiri.models.canary.text``."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "check-ok": "{file}: legal and consistent — {steps} {unit}, {worlds} consistent {kind}",
    },
    "ja": {
        "check-ok": "{file}：ルール上正しく、矛盾なし — {steps} {unit}、{worlds}通りの世界",
    },
}


class Messages:
    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.m = MESSAGES[lang]

    def __call__(self, key: str, **kw: object) -> str:
        return self.m[key].format(**kw)
