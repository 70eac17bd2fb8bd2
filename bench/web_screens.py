"""The screenshots of the web app in docs/ (issue 22): each game's page as a browser shows it.

``suiri serve`` runs on a temporary folder holding the three bundled reference records in
the compact notation (as typed at the table); Debian's Chromium, under Playwright, opens
each game's page with one proof opened and the first hint shown, and saves:

- ``docs/web-canary.png``, ``docs/web-detective.png``, ``docs/web-werewolf.png``: desktop
  (1280 px wide, the top 1500 px), English;
- ``docs/web-phone-ja.png``: Where is the Canary? on a phone (390×844, its first two
  screens, at twice the pixels), in Japanese.

Run ``python bench/web_screens.py [--out docs]`` after changing the pages; the server and
the browser are started as the browser tests start them (``tests/web/browser.py``).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from typing import Any

from web import load_helpers  # bench/web.py, beside this file

HERE = Path(__file__).resolve().parent
# How much of the page each shot keeps (CSS px): the entry, the picture, the certain facts,
# the proof and the hint; the long table of chances below is left out (two screens of a phone).
TALL = {"desktop": 1500, "phone": 2 * 844}
# (file in docs/, record, viewport, language)
SHOTS = (
    ("web-canary.png", "canary-3p", "desktop", "en"),
    ("web-detective.png", "detective-3p", "desktop", "en"),
    ("web-werewolf.png", "werewolf-4p", "desktop", "en"),
    ("web-phone-ja.png", "canary-3p", "phone", "ja"),
)


def show_features(page: Any) -> None:
    """Open the first certain fact's proof and the first hint level, as a player would."""
    why = page.query_selector("#certain li[data-fact] .why")
    if why is not None:
        why.click()
        page.wait_for_function("() => document.querySelector('#proof')?.textContent.trim().length > 0")
    if page.query_selector("#hint-next") is not None:
        before = page.inner_text("#hint")
        page.click("#hint-next")
        page.wait_for_function("(b) => document.querySelector('#hint').innerText !== b", arg=before)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=str(HERE.parent / "docs"), help="the folder the PNG files go to")
    parser.add_argument("--dir", default=None, help="the games folder to serve (default: a temporary one)")
    opts = parser.parse_args()
    helpers = load_helpers()
    if helpers.MISSING:
        sys.exit(f"no screenshots: {helpers.MISSING}")
    out = Path(opts.out)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(opts.dir or tmp)
        for _, record, _, _ in SHOTS:
            (folder / f"{record}.txt").write_text("\n".join(helpers.reference_lines(record)) + "\n", encoding="utf-8")
        with helpers.serving(folder) as server, helpers.browser() as chromium:
            for png, record, size, lang in SHOTS:
                viewport = helpers.PHONE if size == "phone" else helpers.DESKTOP
                context = chromium.new_context(viewport=viewport, device_scale_factor=2 if size == "phone" else 1,
                                               locale="ja-JP" if lang == "ja" else "en-GB")
                page = context.new_page()
                page.goto(f"{server.url}/games/{record}.txt?lang={lang}")
                show_features(page)
                height = min(page.evaluate("document.documentElement.scrollHeight"), TALL[size])
                page.screenshot(path=str(out / png), full_page=True,
                                clip={"x": 0, "y": 0, "width": viewport["width"], "height": height})
                print(f"{out / png}: {record}, {viewport['width']}×{viewport['height']}, {lang}")
                context.close()


if __name__ == "__main__":
    main()
