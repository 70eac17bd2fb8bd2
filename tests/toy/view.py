"""The toy game's view: its renderers, as ``suiri.cli.<game>_view`` has them."""

from __future__ import annotations

from suiri.solver.facts import Fact
from suiri.solver.reasoning import HintResult, Proof

from .game import ToyAdvice, ToyAnalysis, ToySession


def analysis(a: ToyAnalysis, lang: str, colour_on: bool = False) -> str:
    return "\n".join(picture(a, lang))


def picture(a: ToyAnalysis, lang: str, colour_on: bool = False) -> list[str]:
    return [f"{p}: " + "  ".join(f"{c}={float(x):.0%}" for c, x in dist.items()) for p, dist in a.cards.items()]


def proof(session: ToySession, p: Proof, lang: str) -> str:
    return str(p)


def hint(session: ToySession, h: HintResult, level: int, lang: str) -> str:
    return str(h)


def advice(session: ToySession, a: ToyAdvice, lang: str) -> str:
    return "ask: " + ", ".join(f"above {n}" for n in a.asks)


def fact(session: ToySession, f: Fact, lang: str) -> str:
    return str(f)


def game_over(session: ToySession, lang: str) -> str | None:
    return None


def svg(a: ToyAnalysis, lang: str, chances: bool = True) -> str:
    rows = picture(a, lang) if chances else list(a.cards)
    return '<svg xmlns="http://www.w3.org/2000/svg">' + "".join(f"<text>{r}</text>" for r in rows) + "</svg>"


def chances_html(a: ToyAnalysis, lang: str) -> str:
    return "<ul>" + "".join(f"<li>{r}</li>" for r in picture(a, lang)) + "</ul>"


def title(session: ToySession, lang: str) -> str:
    return "Toy"


def events(session: ToySession, before: list[str]) -> list[str]:
    return [] if before else list(session.record.players)
