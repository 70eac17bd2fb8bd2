"""Werewolf step sentences (``WerewolfSteps.sentence``), English and Japanese: every
step of the chain of every certain fact, on the reference record and on simulated
records (written out and read back, so their lines have numbers), names each cited
line's number, states its conclusion, says a deck-rule step as a count of exactly the
kinds it needs, and leaves no English in the Japanese."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from suiri.models import game, open_session
from suiri.models.werewolf.cards import KINDS, Kind
from suiri.models.werewolf.encoder import DECK
from suiri.models.werewolf.record import loads, to_toml
from suiri.models.werewolf.session import WerewolfSession, line_source
from suiri.models.werewolf.steps import WerewolfSteps, history
from suiri.models.werewolf.text import Text
from suiri.solver.backends import SatOracle
from suiri.solver.cnf import export, literal_of
from suiri.solver.facts import Fact
from suiri.solver.problem import Step
from suiri.solver.stepwise import ITEM

CONFORMANCE = str(Path(__file__).resolve().parents[1] / "conformance")
if CONFORMANCE not in sys.path:
    sys.path.insert(0, CONFORMANCE)

from chains import Chains, explain_all, explained, run_folder  # noqa: E402

REFERENCE = "models/werewolf/records/werewolf-4p.toml"
SIMULATED = (0, 16, 22, 27, 28)  # facts-only steps, the Lost Legacy ruled out place by place, counts, Sleeps

# A count opens the sentence: "three Votes and one Madman exist; …", 「投票は3枚、狂人は1枚しかない。…」
COUNT = {"en": re.compile(r"^(counting all \d+ cards|(one|two|three|\d+) [^;]+ exists?); "),
         "ja": re.compile(r"^(全\d+枚のカードを数える|[^。]+\d+枚しかない)。")}


def simulated(seed: int) -> tuple[WerewolfSession, str]:
    """The corpus's chain game of ``seed`` (``tests/conformance/werewolf_hooks.py``), read
    back from its text, and that text."""
    g = game("werewolf")
    players = (3, 4)[seed % 2]
    state = g.new_state(players, seed, "base")
    text = to_toml(g.simulate(players, seed, 60, state.players[seed % players], "base"))
    return g.open(loads(text, f"simulated-{seed}.toml")), text


def each_step(chains: Chains) -> Iterator[tuple[Fact, Step]]:
    for fact, chain in chains:
        for step in chain:
            yield fact, step


class CountCheck:
    """An independent statement of "these kinds' counts are what the step needs": the
    record's model with the deck rule off and the named kinds' counts added over the
    shuffle (as ``encoder.deck_composition`` states them), each behind its own literal."""

    def __init__(self, session: WerewolfSession) -> None:
        wm = session.werewolf_model
        cp = wm.model.cp.clone()
        self.on: dict[Kind, int] = {}
        for k in KINDS:
            lit = cp.new_bool_var(f"[check:{k.id}]")
            bits = [cp.get_bool_var_from_proto_index(c[k.index].index) for c in wm.shuffle]
            cp.add(sum(bits) == session.record.deck[k.index]).only_enforce_if(lit)
            self.on[k] = literal_of(lit)
        self.oracle = SatOracle(export(cp.proto))

    def entails(self, steps: WerewolfSteps, step: Step, kinds: list[Kind]) -> bool:
        p = steps.problem
        assumed = [*(p.lines[g] for g in step.lines), *(p.literal(f) for f in step.facts),
                   *(p.rules[r] for r in step.rules if r != DECK), *(self.on[k] for k in kinds)]
        return not self.oracle.solve([*assumed, -p.literal(step.fact)])


def named_kinds(sentence: str, t: Text, counts: tuple[int, ...]) -> list[Kind]:
    """The kinds a count names (all of them for "counting all 16 cards")."""
    head = COUNT[t.lang].match(sentence)
    assert head is not None
    if re.match(r"^(counting all|全)", head.group(1)):
        return [k for k in KINDS if counts[k.index]]
    return [k for k in KINDS if counts[k.index] and t.copies(k, counts[k.index]) in head.group(1)]


def leftover_english(sentence: str, players: Sequence[str]) -> list[str]:
    """Latin words of two letters or more, once player names are taken out (t7, c4 and
    W15 are the record's and the rulings' own numbering)."""
    for p in sorted(players, key=len, reverse=True):
        sentence = sentence.replace(p, " ")
    return re.findall(r"[A-Za-z]{2,}", sentence)


def problems(steps: WerewolfSteps, chains: Chains | None = None) -> list[str]:
    """Everything wrong with the sentences of every chain (``chains``: as explained already)."""
    session = steps.session
    counts = CountCheck(session)
    out: list[str] = []
    for target, step in each_step(explain_all(steps) if chains is None else chains):
        where = f"{session.record.file} {target} / {step.fact}"
        for lang in ("en", "ja"):
            t = Text(lang, session.record)
            s = steps.sentence(step, lang)
            if not s.strip() or "{" in s or "}" in s:
                out.append(f"{where} [{lang}]: empty or unformatted: {s!r}")
                continue
            for oid in step.lines:
                line = line_source(session, oid).line
                if line is None or t("line-ref", n=line) not in s:
                    out.append(f"{where} [{lang}]: line {line} of {oid} not named: {s}")
            said = steps.facts_text(t, step.conclusions)[1] if step.also else [t.fact(step.fact)]
            head = s.split("\n")[0]  # the sentence; a group of premises or conclusions is listed under it
            if not head.endswith(t("step-sep").join(said)) and not all(f"{ITEM}{c}" in s for c in said):
                out.append(f"{where} [{lang}]: conclusion not stated: {s}")
            if DECK in step.rules:
                if not COUNT[lang].match(s):
                    out.append(f"{where} [{lang}]: a deck step not worded as a count: {s}")
                    continue
                kinds = named_kinds(s, t, session.record.deck)
                if not counts.entails(steps, step, kinds):
                    out.append(f"{where} [{lang}]: the counts named do not give the step: {s}")
                if any(counts.entails(steps, step, [k for k in kinds if k != x]) for x in kinds):
                    out.append(f"{where} [{lang}]: a count named is not needed: {s}")
            elif COUNT[lang].match(s):
                out.append(f"{where} [{lang}]: a count without the deck rule: {s}")
            if lang == "ja" and leftover_english(s, session.record.players):
                out.append(f"{where} [ja]: English left: {leftover_english(s, session.record.players)}: {s}")
    return out


def reference() -> WerewolfSession:
    _, session = open_session(REFERENCE)
    assert isinstance(session, WerewolfSession)
    return session


def reference_chains(steps: WerewolfSteps, factory: pytest.TempPathFactory, config: pytest.Config) -> Chains:
    """The reference record's chains, explained once per run (``tests/werewolf/test_steps.py``'s too)."""
    return explained(steps, game("werewolf").write(steps.session.record), run_folder(factory, config))


def test_reference_record_step_sentences(tmp_path_factory: pytest.TempPathFactory,
                                         request: pytest.FixtureRequest) -> None:
    steps = WerewolfSteps(reference())
    assert problems(steps, reference_chains(steps, tmp_path_factory, request.config)) == []


@pytest.mark.sweep
@pytest.mark.parametrize("seed", SIMULATED)
def test_simulated_record_step_sentences(seed: int, tmp_path_factory: pytest.TempPathFactory,
                                         request: pytest.FixtureRequest) -> None:
    session, text = simulated(seed)
    steps = WerewolfSteps(session)  # the chains are the conformance suite's, explained once per run
    assert problems(steps, explained(steps, text, run_folder(tmp_path_factory, request.config))) == []


def test_facts_about_one_card_are_one_premise(tmp_path_factory: pytest.TempPathFactory,
                                              request: pytest.FixtureRequest) -> None:
    """Several cited facts about one card are said once, as one premise ("dan's hand
    card is not the Villager, the Medium, the Knight or a Seer")."""
    steps = WerewolfSteps(reference())
    t = Text("en")
    grouped = 0
    for _, step in each_step(reference_chains(steps, tmp_path_factory, request.config)):
        premises = steps.sentence(step, "en").removesuffix(t.fact(step.fact))
        subjects = [f.subject for f in step.facts if not f.holds and f.subject.startswith(("hand:", "ruins", "discard:"))]
        for subject in set(subjects):
            if subjects.count(subject) > 1:
                grouped += 1
                assert premises.count(t.card_at(subject) + " is not ") == 1, premises
    assert grouped  # the reference record's last step toward "dan is the Werewolf" has one



# -- the cards of the game's past (``steps.history``) ------------------------------------
HISTORY_WORDING = {  # fact -> (English, Japanese), on the reference record
    "dealt:dan=vote": ("the card dan was dealt is a Vote", "danに配られたカードは投票"),
    "dealt:cho!=knight": ("the card cho was dealt is not the Knight", "choに配られたカードは騎士ではない"),
    "drew:8=vote": ("the card dan drew at turn 8 is a Vote", "ターン8でdanが引いたカードは投票"),
    "drew:11!=attack-2": ("the card aki drew at turn 11 is not the Werewolf Attack ②",
                          "ターン11でakiが引いたカードは人狼の襲撃②ではない"),
    "after:8:dan=sleep": ("dan's hand card after turn 8 is a Sleep", "ターン8の後のdanの手札は就寝"),
    "after:8:cho!=madman": ("cho's hand card after turn 8 is not the Madman", "ターン8の後のchoの手札は狂人ではない"),
}


def test_history_facts_are_worded_and_parsed() -> None:
    """Each card of the past is a fact a step may state and ``--known`` may give (the
    step problem parses it), said in English and Japanese ("the card dan drew at turn
    8 is a Vote", 「ターン8でdanが引いたカードは投票」)."""
    session = reference()
    steps = WerewolfSteps(session)
    en, ja = Text("en", session.record), Text("ja", session.record)
    for text, (english, japanese) in HISTORY_WORDING.items():
        fact = steps.problem.parse(text)
        assert fact == Fact.parse(text)
        assert (en.fact(fact), ja.fact(fact)) == (english, japanese)
    assert Text("en").fact(Fact.parse("drew:8=vote")) == "the card drawn at turn 8 is a Vote"  # no record: no name


def test_history_subjects_of_the_reference_record() -> None:
    """Every player's dealt card, every turn's draw, and a hand after each turn that
    changed it (the mover's card kept; cho's and dan's hands after dan's Sleep, since
    either may be the Werewolf who swapped), less the cards a subject of the state now
    names already (aki's hand after turn 11, dan's after turn 11)."""
    session = reference()
    names = list(history(session))
    assert names == [*(f"dealt:{p}" for p in session.record.players), *(f"drew:{n}" for n in range(1, 12)),
                     "after:1:aki", "after:2:ben", "after:3:cho", "after:4:dan", "after:5:aki", "after:6:ben",
                     "after:7:cho", "after:8:cho", "after:8:dan", "after:9:aki", "after:10:dan"]
    for lang in ("en", "ja"):
        t = Text(lang, session.record)
        words = [t.fact(Fact(n, "vote", holds)) for n in names for holds in (True, False)]
        assert len(set(words)) == len(words)  # no two cards said alike
        assert lang == "en" or not [w for w in words if leftover_english(w, session.record.players)]


def test_the_draw_of_a_turn_in_progress_is_a_card_of_the_past() -> None:
    """The viewer's turn in progress (drawn, not played yet): its draw is ``drew:N``,
    drawn by the viewer, and the line that tells it is a one-line step."""
    cut = loads(to_toml(reference().record.truncated(8)) + '\n[[turn]]\nplayer = "aki"\ndrew = "vote"\n', "t9.toml")
    session = WerewolfSession(cut)
    steps = WerewolfSteps(session)
    fact = Fact.parse("drew:9=vote")
    assert "drew:9" in history(session) and steps.problem.parse("drew:9=vote") == fact
    (step,) = steps.explain(fact)
    assert step.lines == ("turn-9",) and not step.facts
    assert steps.sentence(step, "en") == "t9 drew Vote (line 54), so the card aki drew at turn 9 is a Vote"
    assert steps.sentence(step, "ja").endswith("ターン9でakiが引いたカードは投票")
