"""``suiri play``'s review in words (its computation: ``models/review.py``).

Move by move from the person's seat: the choices, the bits gained and leaked, what
became certain, the reasoner's other choice; then when the answer was certain and
whether the person acted on it, and each bot's hidden part, revealed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from suiri.cli.messages import Messages
from suiri.models.interface import A, R, S, V

if TYPE_CHECKING:  # pragma: no cover
    from suiri.cli.views import View
    from suiri.models.interface import Game
    from suiri.models.review import Choice, Review
    from suiri.solver.facts import Fact

SAY: dict[str, dict[str, str]] = {
    "en": {
        "title": "── Review from {seat}'s seat ──",
        "ending:over": "The game ended by the rules: {winners}.",
        "ending:forfeit": "The game stopped: a bot failed.",
        "ending:draw": "The game stopped without an end.",
        "winners": "{names} won", "nobody": "nobody won",
        "deal": "At the deal you knew:",
        "move": "{unit} {n}: {choices}",
        "bits": "  gained {gained:.2f} bits; leaked {leaked:.2f} bits{to}",
        "leaked-to": " (to {seat})",
        "certain": "  now certain:",
        "between": "Certain by then, from the others' moves:",
        "instead": "  the reasoner would have chosen: {choice}",
        "no-reasoner": "(No reasoner bot for this game yet: the review cannot say what it would have chosen.)",
        "answer": "The answer was certain from {unit} {n}: {facts}.",
        "acted": "You acted on it and won, {n} of your moves later.",
        "acted-1": "You acted on it at once, and won.",
        "not-acted": "You did not act on it: {n} of your moves knowing it, and you did not win.",
        "never": "The answer never became certain from your seat.",
        "hidden": "The bots' hidden cards (the lines of their records that the table's record lacks):",
        "hidden-seat": "  {seat} ({bot}):",
        "nothing": "    (nothing hidden)",
        "note": "(Bits: log2 of how far the hidden states fitting a seat's record fell over your move; "
                "gained: yours; leaked: the most any other seat learned.)",
    },
    "ja": {
        "title": "── {seat} の席からの振り返り ──",
        "ending:over": "ルールどおりに終了：{winners}。",
        "ending:forfeit": "ボットが失敗したため、ゲームは中断しました。",
        "ending:draw": "終わらないまま、ゲームを止めました。",
        "winners": "勝者は {names}", "nobody": "勝者なし",
        "deal": "配られた時点で分かっていたこと：",
        "move": "{unit} {n}：{choices}",
        "bits": "  得た情報 {gained:.2f} ビット、漏れた情報 {leaked:.2f} ビット{to}",
        "leaked-to": " ({seat} へ)",
        "certain": "  新たに確定：",
        "between": "ほかの人の手番で確定したこと：",
        "instead": "  reasoner ならこう選んだ：{choice}",
        "no-reasoner": "(このゲームにはまだ reasoner ボットがないので、その手は示せません。)",
        "answer": "答えは {unit} {n} から確定していました：{facts}。",
        "acted": "それに基づいて動き、{n} 手で勝ちました。",
        "acted-1": "すぐにそれに基づいて動き、勝ちました。",
        "not-acted": "それに基づいて勝つことはできませんでした (答えを知ってからの手 {n})。",
        "never": "あなたの席からは、答えは最後まで確定しませんでした。",
        "hidden": "ボットの隠れた札 (その席の記録にあって、公開の記録にない行)：",
        "hidden-seat": "  {seat} ({bot})：",
        "nothing": "    (隠れたものなし)",
        "note": "(ビット：あなたの手の間に、その席の記録に合う隠れた状態の数が何分の1になったかの log2。"
                "得た情報はあなたの記録、漏れた情報はほかの席のうち最も多く知った席。)",
    },
}


def render(review: Review[S], game: Game[R, S, A, V], view: View[S, A, V], lang: str) -> list[str]:
    """The review as lines of text."""
    from .play_options import named

    say = SAY[lang]
    unit = Messages(lang).unit(game.facts.step_name, 1)
    name = game.facts.name
    sep = "、" if lang == "ja" else ", "

    def choice(c: Choice) -> str:
        return named(name, c.decision)[c.number - 1].say(lang)

    def facts(session: S, found: list[Fact]) -> list[str]:
        return [f"    {view.fact(session, f, lang)}" for f in found]

    out = [say["title"].format(seat=review.seat)]
    winners = say["winners"].format(names=sep.join(review.winners)) if review.winners else say["nobody"]
    out.append(say[f"ending:{review.ending}"].format(winners=winners))
    if review.start:
        out.append(say["deal"])
        out += facts(review.start_session, review.start)
    for move in review.moves:
        if move.between:
            out.append(say["between"])
            out += facts(move.before, move.between)
        out.append(say["move"].format(unit=unit, n=move.step + 1, choices=" · ".join(map(choice, move.choices))))
        to = say["leaked-to"].format(seat=move.leaked_to) if move.leaked_to else ""
        out.append(say["bits"].format(gained=move.gained, leaked=move.leaked, to=to))
        if move.certain:
            out.append(say["certain"])
            out += facts(move.session, move.certain)
        for c, other in zip(move.choices, move.instead, strict=True):
            if other is not None:
                index = list(c.decision.options).index(other)
                out.append(say["instead"].format(choice=named(name, c.decision)[index].say(lang)))
    if not review.reasoner:
        out.append(say["no-reasoner"])
    if review.answer_step is None:
        out.append(say["never"])
    else:
        last = review.moves[-1].session if review.moves else review.start_session
        out.append(say["answer"].format(unit=unit, n=review.answer_step + 1,
                                        facts=sep.join(view.fact(last, f, lang) for f in review.answer)))
        key = "not-acted" if not review.acted else "acted-1" if review.known_for == 1 else "acted"
        out.append(say[key].format(n=review.known_for))
    out.append(say["hidden"])
    for hidden in review.hidden:
        out.append(say["hidden-seat"].format(seat=hidden.seat, bot=hidden.bot))
        out += [f"    {line}" for line in hidden.lines] or [say["nothing"]]
    out.append(say["note"])
    return out
