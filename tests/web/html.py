"""The one HTML reader of the web app's TestClient tests: a page's tags and the text of its
elements with an id (the standard library's parser: the pages are ours and well formed)."""

from __future__ import annotations

from html.parser import HTMLParser


class Elements(HTMLParser):
    """Every start tag with its attributes, and the text inside elements with an id."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str]]] = []
        self.open: list[tuple[str, str]] = []
        self.text: dict[str, str] = {}
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {k: v or "" for k, v in attrs}
        self.tags.append((tag, found))
        if "id" in found and tag not in ("input", "br", "img", "meta", "link"):
            self.open.append((tag, found["id"]))
            self.text.setdefault(found["id"], "")

    def handle_endtag(self, tag: str) -> None:
        if self.open and self.open[-1][0] == tag:
            self.open.pop()

    def handle_data(self, data: str) -> None:
        for _, ident in self.open:
            self.text[ident] += data

    def having(self, tag: str, attr: str) -> list[dict[str, str]]:
        return [a for t, a in self.tags if t == tag and attr in a]

    def by_id(self, ident: str) -> dict[str, str]:
        return next(a for _, a in self.tags if a.get("id") == ident)

    def inside(self, tag: str, **attrs: str) -> list[dict[str, str]]:
        return [a for t, a in self.tags if t == tag and all(a.get(k) == v for k, v in attrs.items())]
