"""``suiri report RECORD --html FILE``: one self-contained HTML page of a record's analysis.

The page holds everything inline (CSS, the picture as SVG from the game's view, a
few lines of script that open the proofs for printing) and names no URL, so it opens
offline and loads nothing.  It shows the picture, the exact chances, every certain fact
with its minimal proof in a collapsible ``<details>`` (the ``explain`` machinery, in the
view's words) and the advice for the viewer's next turn.  A print style sheet lays it
out on A4 with every proof open.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from importlib.metadata import PackageNotFoundError, version
from typing import TYPE_CHECKING

from suiri.cli.layout import readable_count
from suiri.cli.messages import ErrorText, Messages
from suiri.models.interface import A, R, Record, S, V

if TYPE_CHECKING:  # pragma: no cover
    from suiri.cli.views import Opened

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "title": "suiri report: {file}",
        "seat": "{game} · written from {viewer}'s seat · {steps} {unit}",
        "spectator": "{game} · written by a spectator · {steps} {unit}",
        "worlds": "{n} {kind} fit the record.",
        "picture": "Picture",
        "chances": "Probabilities",
        "certain": "Certain facts",
        "certain-note": "Each fact holds in every hidden state that fits the record. Open one to see its "
                        "minimal proof: the record lines it needs and the rules it uses.",
        "none-certain": "Nothing is certain yet beyond what the record states.",
        "advice": "Advice for the next turn",
        "no-advice": "No advice: {why}",
        "made": "Made by suiri {version} from {file}.",
    },
    "ja": {
        "title": "suiri レポート：{file}",
        "seat": "{game}・{viewer} の視点・{steps}{unit}",
        "spectator": "{game}・観戦者の記録・{steps}{unit}",
        "worlds": "記録に合う{kind}：{n} 通り。",
        "picture": "図",
        "chances": "確率",
        "certain": "確定した事実",
        "certain-note": "どの事実も、記録に合うすべての隠れた状態で成り立ちます。開くと極小の証明"
                        "（必要な記録の行と使うルール）が見られます。",
        "none-certain": "記録に書かれたこと以外に、確定したことはまだありません。",
        "advice": "次の手番への助言",
        "no-advice": "助言なし：{why}",
        "made": "suiri {version} が {file} から作成。",
    },
}

CSS = """
:root { --ink:#1d1d1f; --muted:#5b5f66; --line:#d9dce1; --bar:#fbd38d; --accent:#1f4fbf; }
* { box-sizing: border-box; }
body { font-family: system-ui, -apple-system, "Segoe UI", "Noto Sans CJK JP", "Noto Sans JP", sans-serif;
       color: var(--ink); margin: 0 auto; max-width: 60rem; padding: 1.5rem; line-height: 1.5; }
h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
h2 { font-size: 1.15rem; border-bottom: 2px solid var(--line); padding-bottom: .2rem; margin-top: 2rem; }
h3 { font-size: 1rem; margin: 1.2rem 0 .4rem; }
.meta { color: var(--muted); margin: 0; }
figure { margin: 0; overflow-x: auto; }
table { border-collapse: collapse; margin: .3rem 0 1rem; font-variant-numeric: tabular-nums; }
th, td { border: 1px solid var(--line); padding: .2rem .6rem; text-align: left; }
th { background: #f4f5f7; font-weight: 600; }
td.p { text-align: right; min-width: 5.5rem;
       background: linear-gradient(90deg, var(--bar) var(--p), transparent var(--p)); }
td.sure { background: #d8f0e0; font-weight: 600; }
td.ruled { color: #999; }
.facts details { border: 1px solid var(--line); border-radius: 6px; margin: .4rem 0; padding: .3rem .7rem; }
.facts summary { cursor: pointer; font-weight: 600; }
pre { white-space: pre-wrap; word-break: break-word; font-family: ui-monospace, "Noto Sans Mono CJK JP",
      "DejaVu Sans Mono", monospace; font-size: .85rem; background: #f7f7f9; padding: .6rem .8rem;
      border-radius: 6px; margin: .4rem 0; }
footer { color: var(--muted); font-size: .8rem; margin-top: 2.5rem; border-top: 1px solid var(--line); }
@page { size: A4; margin: 14mm 12mm; }
@media print {
  body { max-width: none; padding: 0; font-size: 10pt; }
  h2 { break-after: avoid; }
  figure, table, details, pre { break-inside: avoid; }
  svg.suiri-picture { max-height: 250mm; width: auto; }
  details { border: none; padding: 0; }
  details > summary { list-style: none; }
  details > summary::-webkit-details-marker { display: none; }
  details::details-content { content-visibility: visible; display: block; }
  td.p { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  svg { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}
"""

# Opens every proof for printing (browsers hide a closed <details> body), and restores
# the reader's choice afterwards; marks the page ready for the browser test.
SCRIPT = """
(function () {
  var opened = [];
  window.addEventListener('beforeprint', function () {
    opened = [];
    document.querySelectorAll('details:not([open])').forEach(function (d) { d.open = true; opened.push(d); });
  });
  window.addEventListener('afterprint', function () { opened.forEach(function (d) { d.open = false; }); });
  document.documentElement.setAttribute('data-ready', document.querySelectorAll('svg.suiri-picture').length);
})();
"""


def report_html(opened: Opened[R, S, A, V], file: str, lang: str,
                progress: Callable[[int, int], None] | None = None) -> str:
    """The whole page for one record (``opened``: its game, view and session).  The
    picture and the chance tables are the game's view's (``svg``, ``chances_html``)."""
    from suiri.solver.errors import SuiriError
    from suiri.solver.reasoning import explain_all

    w = WORDS[lang]
    game, shown, session = opened.game, opened.view, opened.session
    a = game.analyze(session)
    proofs = explain_all(game.reasoner(session), a.certain, game.steps(session), progress)
    facts = [(shown.fact(session, f, lang), shown.proof(session, proof, lang)) for f, proof in zip(a.certain, proofs, strict=True)]
    try:
        advice = shown.advice(session, game.advise(session), lang)
    except SuiriError as exc:
        advice = w["no-advice"].format(why=exc.render(lang))
    title = shown.title(session, lang)  # the view may name the variant played (Detective's Clue)
    record: Record = session.record
    say = Messages(lang)
    unit = say.unit(game.facts.step_name, session.steps)
    total = session.check().total  # the analysis's own counts (the session holds them)
    kind = say.unit(game.facts.world_name, total)
    meta = (w["seat"].format(game=title, viewer=record.viewer, steps=session.steps, unit=unit) if record.viewer
            else w["spectator"].format(game=title, steps=session.steps, unit=unit))
    parts = [
        f"<header><h1>{escape(w['title'].format(file=file))}</h1>",
        f'<p class="meta">{escape(meta)}</p>',
        f'<p class="meta">{escape(w["worlds"].format(n=readable_count(total, lang), kind=kind))}</p>',
        *([f'<p class="over">{escape(over)}</p>'] if (over := shown.game_over(session, lang)) else []),
        "</header>",
        f'<section class="picture"><h2>{escape(w["picture"])}</h2><figure>{shown.svg(a, lang)}</figure></section>',
        f'<section class="chances"><h2>{escape(w["chances"])}</h2>{shown.chances_html(a, lang)}</section>',
        f'<section class="facts"><h2>{escape(w["certain"])}</h2>',
        f"<p>{escape(w['certain-note'] if facts else w['none-certain'])}</p>",
        *(f'<details class="fact"><summary>{escape(summary)}</summary><pre>{escape(proof)}</pre></details>'
          for summary, proof in facts),
        "</section>",
        f'<section class="advice"><h2>{escape(w["advice"])}</h2><pre>{escape(advice)}</pre></section>',
        f"<footer><p>{escape(w['made'].format(version=suiri_version(), file=file))}</p></footer>",
    ]
    return "\n".join([
        "<!DOCTYPE html>",
        f'<html lang="{lang}">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        # Nothing may load from anywhere: the page is whole as written (a slip would be refused).
        '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; '
        'style-src \'unsafe-inline\'; script-src \'unsafe-inline\'; img-src data:">',
        f"<title>{escape(w['title'].format(file=file))}</title>",
        f"<style>{CSS}</style>",
        "</head>",
        "<body>",
        *parts,
        f"<script>{SCRIPT}</script>",
        "</body>",
        "</html>",
        "",
    ])


def write_report(opened: Opened[R, S, A, V], record: str, path: str, lang: str,
                 progress: Callable[[int, int], None] | None = None) -> None:
    """Write the page of ``record`` to ``path`` ('-': standard output); a path that
    cannot be written is a user error naming ``--html``."""
    import sys
    from pathlib import Path

    from suiri.solver.errors import Source, SuiriError

    page = report_html(opened, Path(record).name, lang, progress)
    if path == "-":
        sys.stdout.write(page)
        return
    try:
        Path(path).write_text(page, encoding="utf-8")
    except OSError as exc:
        raise SuiriError(ErrorText("html:cannot-write", reason=exc.strerror or exc), Source(path, None, "--html"),
                         ErrorText("html:cannot-write-valid")) from None


def suiri_version() -> str:
    try:
        return version("suiri")
    except PackageNotFoundError:  # pragma: no cover - running from a bare checkout
        return "?"
