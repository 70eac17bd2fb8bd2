"""How a Werewolf game ended and who won, from the replay's one statement of why
(``Replay.over_text``) and, where a hidden card decides the winners, the exact counts."""

from __future__ import annotations

from fractions import Fraction

from suiri.models.interface import GameOver

from .session import WerewolfSession


def game_over(session: WerewolfSession) -> GameOver | None:
    """The winners by the rules' "Winning": the Werewolf eliminated, the villagers win
    (eliminated villagers too); a search that found the Lost Legacy wins for the
    searcher's side — the Werewolf's (with the Madman holder, in the search phase) when
    it lay in the searcher's own hand or discard, else the villagers' (everyone but the
    Werewolf and the Madman holder); one player left before the search phase wins if it
    is the Werewolf, else everyone loses; nobody found: everyone loses.  A chance strictly
    between 0 and 1 is left only where the record hides who holds the Madman or whether
    the survivor is the Werewolf."""
    rp = session.replay
    why = rp.over_text
    if why is None:
        return None
    players = session.record.players
    reason = why.key.removeprefix("over:")
    won: dict[str, Fraction] = {p: Fraction(0) for p in players}
    if reason == "werewolf-out":
        won.update({p: Fraction(1) for p in players if p != why.params["player"]})
    elif reason == "alone":
        survivor = str(why.params["player"])
        won[survivor] = session.werewolf()[survivor]
    elif reason == "found":
        move = rp.searches[-1]
        searcher, slot = move.search.player, move.slot
        wolf = str(slot[1]) if slot[0] in ("hand", "pile") else None
        madman = session.madman()
        for p in players:
            if p == wolf:
                won[p] = Fraction(wolf == searcher)
            else:
                won[p] = madman.get(p, Fraction(0)) if wolf == searcher else 1 - madman.get(p, Fraction(0))
    return GameOver(reason, why, won)
