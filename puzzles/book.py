"""A puzzle book: N unique-answer puzzles of one game, varied and rated, each drawn as a
picture and written in words with one question and room for the answer; the answers and
their step-wise proofs are held back to a solutions section at the end.

Candidates are made in a process pool (one simulated game each, ``candidate``), then
kept in the order they were asked for, so a book depends only on its seed.  The picture
is drawn by a function the caller passes (the CLI passes ``suiri.cli.views.picture_svg``):
this package sits below ``suiri.cli`` and never imports it."""

from __future__ import annotations

import html
import os
import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, field, is_dataclass, replace

from suiri.models import GAMES, facts
from suiri.models.interface import (
    A,
    Analysis,
    Game,
    PuzzleSource,
    R,
    S,
    V,
    check_players,
    check_question,
)
from suiri.solver.errors import SuiriError, Text
from suiri.solver.plural import Count
from suiri.solver.stepwise import ITEM

from . import answered, prove
from .rating import LEVELS, MIN_STEPS, Rating

# The book's errors (about `suiri book`'s options), in the errors' catalogue form.
ERRORS: dict[str, tuple[str, str]] = {
    "difficulty:unknown": ("--difficulty {difficulty} is not known", "--difficulty {difficulty} は不明です"),
    "count:not-positive": ("--count {count} is not a positive number", "--count {count} は正の数ではありません"),
    "count:example": ("e.g. --count 20", "例: --count 20"),
    "book:too-few": ("only {found} of {count} {difficulty} puzzles found in {tried:simulated game/simulated games}",
                     "{tried} 回のシミュレーションで、{difficulty} のパズルは {count} 問中 {found} 問しか見つかりませんでした"),
    "book:too-few-valid": ("a smaller --count, another --difficulty or another --seed",
                           "より小さい --count、別の --difficulty か別の --seed"),
}


class ErrorText(Text):
    """An error sentence of the puzzle book (``ERRORS``)."""

    table = ERRORS

Picture = Callable[[str, Analysis, str, bool], str]  # (game, analysis, lang, chances) -> one <svg> element
DIFFICULTIES = (*LEVELS, "mixed")
UNASKABLE = "unaskable"  # a question the game cannot ask with these players (Canary's goal with 2)


@dataclass(frozen=True)
class Task:
    game: str
    players: int
    question: str
    seed: int
    lang: str = "en"
    levels: tuple[str, ...] = LEVELS  # the levels the book still needs (others are not worth proving)


@dataclass(frozen=True)
class ProofLine:
    line: int | None  # line number in ``BookPuzzle.lines`` (1-based), None for a fact given
    text: str  # that line, or the fact
    field: str  # the record field it fills


@dataclass
class BookPuzzle:
    game: str
    players: int
    seat: str
    question: str  # the question asked (``--question``), e.g. "clue"
    subject: str  # what the answer is about, e.g. "clue:bea"
    answer: str  # the answer as a fact, e.g. "clue:bea=nature"
    value: str  # the answer's value, e.g. "nature"
    rating: Rating
    level: str
    lines: list[str]  # the record in the compact notation
    proof: list[ProofLine]  # the record lines the step-wise proof cites, in the order first cited
    steps: list[str]  # the step-wise proof as a chain says it (grouped premises under a step: ``ITEM``)
    rules: list[tuple[str, int]]  # the proof's rules with their weights
    record_toml: str
    game_seed: int
    picture: str = ""  # one <svg> element, or "" without a picture function

    @property
    def key(self) -> str:
        return "\n".join(self.lines)


@dataclass
class Book:
    game: str
    difficulty: str
    seed: int
    lang: str
    puzzles: list[BookPuzzle] = field(default_factory=list)
    tried: int = 0  # simulated games the book looked at


# -- making one candidate (in a worker process) --------------------------------------------

def candidate(task: Task, picture: Picture | None = None) -> BookPuzzle | str | None:
    """One simulated game's puzzle for ``task``, verified to have exactly one answer by the
    game's exact counter and to give nothing away (``suiri.puzzles.prove``, on the record
    as the book prints it, so that its steps cite the printed line numbers); None when
    this game gives none, ``UNASKABLE`` when the game cannot ask this question with these
    players."""
    def made_of(played: Game[R, S, A, V]) -> BookPuzzle | str | None:
        return made(played, task, picture)

    return GAMES[task.game].use(made_of)


def made(played: PuzzleSource[R, S, A, V], task: Task, picture: Picture | None) -> BookPuzzle | str | None:
    """``candidate`` on the game ``played``, its types known."""
    try:
        check_players(played.facts, task.players)
        check_question(played.facts, task.question)
        found = next(answered(played, task.players, task.seed, task.question, 1), None)
    except SuiriError:
        return UNASKABLE
    if found is None:
        return None
    cut, _, fact, game_seed = found
    try:
        text = played.write(cut, "compact")
    except SuiriError:  # a record the compact notation cannot hold (decision 79)
        return None
    record = played.read(played.parse_compact("puzzle.txt", text))
    session = played.open(record)
    reasoner = played.reasoner(session)
    sure = [value for value, chance in reasoner.distribution(fact.subject).items() if chance == 1]
    if not fact.holds or sure != [fact.value]:
        raise AssertionError(f"puzzle {task} has no single answer: {fact} vs {sure}")  # a generator bug
    proven = prove(played, session, fact, lambda lines: may_reach(task.game, lines, task.levels))
    if proven is None or proven.level not in task.levels:
        return None
    lines = text.rstrip("\n").split("\n")
    proof: dict[int | str, ProofLine] = {}  # one entry a printed line (a `search` line holds several calls)
    for oid in dict.fromkeys(g for step in proven.chain for g in step.lines):
        source = reasoner.source(oid)
        shown = lines[source.line - 1] if source.line is not None else oid
        key = source.line if source.line is not None else oid
        had = proof.get(key)
        fields = [*(had.field.split(", ") if had else []), source.field or oid]
        proof[key] = ProofLine(source.line, shown, ", ".join(dict.fromkeys(fields)))
    weights = proven.words.explainer.problem.rule_weight
    rules = list(dict.fromkeys(r for step in proven.chain for r in step.rules))
    drawn = ""
    if picture is not None and (start := before_play(played, record, session)) is not None:
        drawn = picture(task.game, start, task.lang, False)
    assert record.viewer is not None  # ``answered`` writes every game from a seat
    return BookPuzzle(task.game, task.players, record.viewer, task.question, fact.subject, str(fact), fact.value,
                      proven.rating, proven.level, lines, list(proof.values()), proven.words.sentences(proven.chain, task.lang),
                      [(r, weights.get(r, 1)) for r in rules], played.write(record), game_seed, drawn)


def may_reach(game: str, lines: int, levels: Sequence[str]) -> bool:
    """Whether a proof citing ``lines`` record lines may be of one of ``levels``: its
    score is at least ``lines + MIN_STEPS["easy"] + 1``, so a level below that one's is
    out of reach (the costly step-wise proof is then not made)."""
    lowest = LEVELS.index(facts(game).thresholds.level(lines + MIN_STEPS[LEVELS[0]] + 1))
    return any(LEVELS.index(level) >= lowest for level in levels)


def before_play(played: PuzzleSource[R, S, A, V], record: R, session: S) -> A | None:
    """What the picture is drawn from: the table as the record leaves it (the session:
    pieces, faces seen, piles) with the knowledge of the record's setup alone (the
    analysis of the record cut before its first event, no certain facts listed).  So the
    picture shows what happened and what the seat knew at the start, never what the
    puzzle asks the solver to deduce.  An analysis that is not a dataclass gets no picture."""
    setup = played.analyze(played.open(record.truncated(0)))
    if not is_dataclass(setup) or isinstance(setup, type):
        return None
    return replace(setup, session=session, certain=[])


def _candidate(args: tuple[Task, Picture | None]) -> BookPuzzle | str | None:
    return candidate(*args)


# -- choosing the book's puzzles -------------------------------------------------------------

def combos(game: str) -> list[tuple[int, str]]:
    """Every (players, question) the game allows, for variety."""
    about = facts(game)
    return [(players, question) for players in about.players for question in about.questions]


def levels_wanted(difficulty: str, count: int) -> Counter[str]:
    if difficulty not in DIFFICULTIES:
        raise SuiriError(ErrorText("difficulty:unknown", difficulty=repr(difficulty)), None, ", ".join(DIFFICULTIES))
    if difficulty == "mixed":
        return Counter(LEVELS[i * len(LEVELS) // count] for i in range(count))
    return Counter({difficulty: count})


def tasks(game: str, seed: int, lang: str, alive: list[tuple[int, str]]) -> Iterator[Task]:
    """Tasks in a fixed order from ``seed``: the combinations in turn, each with a fresh
    game seed (a combination removed from ``alive`` is skipped from then on)."""
    rng = random.Random(seed)
    order = list(alive)
    rng.shuffle(order)
    while alive:
        for players, question in list(order):
            if (players, question) in alive:
                yield Task(game, players, question, rng.randrange(10**9), lang)


def build(game: str, count: int, difficulty: str = "mixed", seed: int = 1, lang: str = "en",
          picture: Picture | None = None, workers: int | None = None, max_tries: int | None = None) -> Book:
    """A book of ``count`` puzzles of ``difficulty`` (``mixed``: a third of each level),
    no two with the same record, spread over every player count and question the game
    has (at most ``ceil(count / combinations)`` of each while others can still fill).

    ``workers`` processes make candidates (default: the cores; 1 runs in this process).
    The pool pays when the cores are free (docs/puzzles.md has the measurements).
    Raises ``SuiriError`` when ``max_tries`` simulated games (default 300 per puzzle)
    do not fill the book."""
    if count < 1:
        raise SuiriError(ErrorText("count:not-positive", count=count), None, ErrorText("count:example"))
    need = levels_wanted(difficulty, count)
    alive = combos(game)
    cap = -(-count // len(alive))
    used: Counter[tuple[int, str]] = Counter()
    seen: set[str] = set()
    book = Book(game, difficulty, seed, lang)
    workers = workers or os.cpu_count() or 1
    limit = max_tries or 300 * count
    source = tasks(game, seed, lang, alive)
    batch = max(8, 4 * workers)
    pool: Executor | None = ProcessPoolExecutor(workers) if workers > 1 else None
    try:
        while sum(need.values()) and book.tried < limit:
            chunk = [t for _, t in zip(range(batch), source, strict=False)]
            if not chunk:
                break
            # A task of a combination at its cap, or asking for levels the book has, could not
            # go in (caps and needs only tighten within a batch): it is not made at all.
            levels = tuple(level for level in LEVELS if need[level])
            submitted = {id(t) for t in chunk if used[t.players, t.question] < cap}
            todo = [replace(t, levels=levels) for t in chunk if id(t) in submitted]
            done = (pool.map(_candidate, [(t, picture) for t in todo]) if pool is not None
                    else (candidate(t, picture) for t in todo))
            made = iter(done)
            progress = False
            for task in chunk:
                if id(task) not in submitted:
                    continue
                got = next(made)
                book.tried += 1
                combo = (task.players, task.question)
                if got == UNASKABLE:
                    if combo in alive:
                        alive.remove(combo)
                    continue
                if not isinstance(got, BookPuzzle) or not need[got.level] or got.key in seen:
                    continue
                if used[combo] >= cap:
                    continue
                need[got.level] -= 1
                used[combo] += 1
                seen.add(got.key)
                book.puzzles.append(got)
                progress = True
                if not sum(need.values()):
                    break
            if not progress:
                cap += 1  # the rarer combinations cannot fill their share: let others fill it
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    if sum(need.values()):
        raise SuiriError(ErrorText("book:too-few", found=len(book.puzzles), count=count, difficulty=difficulty,
                                   tried=book.tried), None, ErrorText("book:too-few-valid"))
    book.puzzles.sort(key=lambda p: (LEVELS.index(p.level), p.rating.score))
    return book


# -- words ------------------------------------------------------------------------------------

TEXT: dict[str, dict[str, str]] = {
    "en": {"title": "{title}: {n:puzzle/puzzles} ({difficulty})", "puzzle": "Puzzle {i}", "you": "You are {seat}; {players} players.",
           "record": "The record", "answer": "Answer:", "solutions": "Solutions",
           "steps": "Step by step (each step follows from the record lines it names and the steps before it):",
           "proof": "The record lines needed (a minimal set: without any one of them the answer does not follow):",
           "rules": "Rules used:", "score": "{level} · score {score} = record lines {lines} + steps {steps} + hardest rule {hardest}",
           "about": "Each answer with its proof, step by step. Line numbers are those of the record as printed with the "
                    "puzzle. No single record line gives an answer away.",
           "made": "Made by: {command}",
           "picture": "The table as the record leaves it, with what you knew before the first move; no chances "
                      "are shown. The rest is yours to work out.",
           "line": "line {n}: {text} ({field})"},
    "ja": {"title": "{title}：問題集 {n} 問（{difficulty}）", "puzzle": "第 {i} 問", "you": "あなたは {seat}、{players} 人プレイ。",
           "record": "記録", "answer": "答え：", "solutions": "解答",
           "steps": "段階的な証明（各段階は、挙げた記録の行とそれまでの段階から導かれます）：",
           "proof": "答えに必要な記録の行（極小：どの一行を除いても答えは導けません）：",
           "rules": "使うルール：", "score": "{level}・点数 {score} = 記録の行 {lines} + 段階 {steps} + 最も重いルール {hardest}",
           "about": "各問の答えと、その段階的な証明。行番号は問題に載せた記録の行番号です。"
                    "どの問題も、記録の一行だけで答えがわかることはありません。",
           "made": "作成：{command}",
           "picture": "記録の終わりの卓の様子と、最初の手番の前に分かっていたこと。確率は示しません。"
                      "残りは自分で推理してください。",
           "line": "{n}行目：{text}（{field}）"},
}
LEVEL_WORDS: dict[str, dict[str, str]] = {
    "en": {"easy": "easy", "medium": "medium", "hard": "hard", "mixed": "mixed"},
    "ja": {"easy": "やさしい", "medium": "ふつう", "hard": "むずかしい", "mixed": "いろいろ"},
}

def question_text(game: str, subject: str, lang: str) -> str:
    """The question a puzzle asks, as a sentence (the game's ``FACTS.asks``; the subject
    itself for a kind the game does not word)."""
    kind, _, rest = subject.partition(":")
    forms = facts(game).asks.get(kind)
    return (forms[1] if lang == "ja" else forms[0]).format(who=rest, what=rest) if forms else f"{subject} = ?"


def command(book: Book) -> str:
    return (f"suiri puzzle-book --game {book.game} --count {len(book.puzzles)} --difficulty {book.difficulty}"
            f" --seed {book.seed}" + (f" --lang {book.lang}" if book.lang != "en" else ""))


def title(book: Book) -> str:
    about = facts(book.game)
    words = TEXT[book.lang]
    return words["title"].format(title=about.title_ja if book.lang == "ja" else about.title_en, n=Count(len(book.puzzles)),
                                 difficulty=LEVEL_WORDS[book.lang][book.difficulty])


def score_text(p: BookPuzzle, lang: str) -> str:
    words = TEXT[lang]
    return words["score"].format(level=LEVEL_WORDS[lang][p.level], score=p.rating.score, lines=Count(p.rating.lines),
                                 steps=p.rating.steps, hardest=p.rating.hardest)


def html_step(step: str) -> str:
    """One step of a solution, its grouped premises (``stepwise.ITEM``) as a list under it."""
    sentence, *grouped = step.split(ITEM)
    items = "".join(f"<li>{html.escape(item)}</li>" for item in grouped)
    return f"<li>{html.escape(sentence)}" + (f"<ul class=\"group\">{items}</ul>" if items else "") + "</li>"


# -- Markdown -----------------------------------------------------------------------------------

def markdown(book: Book) -> str:
    """The book in Markdown: the puzzles, then the solutions (no pictures: the record in
    words carries everything)."""
    w = TEXT[book.lang]
    out = [f"# {title(book)}", "", w["made"].format(command=command(book)), ""]
    for i, p in enumerate(book.puzzles, 1):
        out += [f"## {w['puzzle'].format(i=i)} ({LEVEL_WORDS[book.lang][p.level]})", "",
                w["you"].format(seat=p.seat, players=p.players), "", f"{w['record']}:", "", "```"]
        out += [f"{n:>2}  {line}" for n, line in enumerate(p.lines, 1)]
        out += ["```", "", f"**{question_text(book.game, p.subject, book.lang)}**", "", f"{w['answer']} ______________________", ""]
    out += [f"## {w['solutions']}", "", w["about"], ""]
    for i, p in enumerate(book.puzzles, 1):
        out += [f"### {w['puzzle'].format(i=i)}: `{p.answer}`", "", score_text(p, book.lang), "", w["steps"], ""]
        for n, step in enumerate(p.steps, 1):
            sentence, *grouped = step.split(ITEM)
            out += [f"{n}. {sentence}", *(f"   - {item}" for item in grouped)]
        out += ["", w["proof"], ""]
        out += [f"- {proof_line(q, book.lang)}" for q in p.proof]
        out += ["", w["rules"] + " " + ", ".join(f"{r} ({weight})" for r, weight in p.rules), ""]
    return "\n".join(out)


def proof_line(q: ProofLine, lang: str) -> str:
    if q.line is None:
        return f"`{q.text}` ({q.field})"
    return TEXT[lang]["line"].format(n=q.line, text=f"`{q.text}`", field=q.field)


# -- HTML ---------------------------------------------------------------------------------------

STYLE = """
body { font-family: "Noto Sans", "Noto Sans CJK JP", sans-serif; margin: 2em auto; max-width: 46em; color: #111; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; border-bottom: 1px solid #999; }
.puzzle { margin-bottom: 2em; break-inside: avoid; page-break-inside: avoid; }
figure.picture { margin: .5em 0; }
.picture svg { max-width: 100%; height: auto; max-height: 14cm; }
pre.lines { background: #f4f4f4; padding: .5em; font-size: .9em; white-space: pre-wrap; }
.question { font-weight: bold; font-size: 1.1em; }
.answer { border: 1px solid #666; min-height: 3.5em; padding: .3em .5em; }
.solutions { break-before: page; page-break-before: always; }
.solution { break-inside: avoid; page-break-inside: avoid; margin-bottom: 1em; }
.meta { color: #555; font-size: .85em; }
code { font-size: .95em; }
@page { size: A4; margin: 15mm; }
@media print { body { margin: 0; max-width: none; font-size: 10.5pt; } .puzzle { margin-bottom: 8mm; } }
"""


def page(book: Book) -> str:
    """The book as one self-contained HTML page (inline SVG and CSS, no network) that
    prints on A4: each puzzle kept on one page, the solutions starting on a new page."""
    w = TEXT[book.lang]
    e = html.escape
    body = [f"<h1>{e(title(book))}</h1>", f"<p class=\"meta\">{e(w['made'].format(command=command(book)))}</p>"]
    for i, p in enumerate(book.puzzles, 1):
        numbered = "\n".join(f"{n:>2}  {e(line)}" for n, line in enumerate(p.lines, 1))
        body += [f"<section class=\"puzzle\" id=\"p{i}\">",
                 f"<h2>{e(w['puzzle'].format(i=i))} <span class=\"meta\">({e(LEVEL_WORDS[book.lang][p.level])})</span></h2>",
                 f"<p>{e(w['you'].format(seat=p.seat, players=p.players))}</p>"]
        if p.picture:
            body.append(f"<figure class=\"picture\">{p.picture}<figcaption class=\"meta\">{e(w['picture'])}"
                        "</figcaption></figure>")
        body += [f"<p>{e(w['record'])}:</p>", f"<pre class=\"lines\">{numbered}</pre>",
                 f"<p class=\"question\">{e(question_text(book.game, p.subject, book.lang))}</p>",
                 f"<div class=\"answer\">{e(w['answer'])}</div>", "</section>"]
    body += ["<section class=\"solutions\">", f"<h2>{e(w['solutions'])}</h2>", f"<p class=\"meta\">{e(w['about'])}</p>"]
    for i, p in enumerate(book.puzzles, 1):
        steps = "".join(html_step(step) for step in p.steps)
        proof = "".join(f"<li>{e(proof_line(q, book.lang)).replace('`', '')}</li>" for q in p.proof)
        rules = ", ".join(f"{e(r)} ({weight})" for r, weight in p.rules)
        body += [f"<div class=\"solution\"><h3>{e(w['puzzle'].format(i=i))}: <code>{e(p.answer)}</code></h3>",
                 f"<p class=\"meta\">{e(score_text(p, book.lang))}</p>",
                 f"<p>{e(w['steps'])}</p><ol class=\"steps\">{steps}</ol>",
                 f"<p>{e(w['proof'])}</p><ul>{proof}</ul>", f"<p>{e(w['rules'])} {rules}</p></div>"]
    body.append("</section>")
    lang = "ja" if book.lang == "ja" else "en"
    return (f"<!DOCTYPE html>\n<html lang=\"{lang}\">\n<head>\n<meta charset=\"utf-8\">\n"
            f"<title>{e(title(book))}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n"
            + "\n".join(body) + "\n</body>\n</html>\n")


def write_book(book: Book, html_path: str | None = None, markdown_path: str | None = None) -> list[str]:
    """Write the book's HTML and/or Markdown; the paths written."""
    written = []
    for path, text in ((html_path, page(book) if html_path else ""), (markdown_path, markdown(book) if markdown_path else "")):
        if path:
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            written.append(path)
    return written


__all__: Sequence[str] = ["Book", "BookPuzzle", "build", "candidate", "markdown", "page", "write_book"]
