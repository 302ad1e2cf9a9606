"""Small self-contained HTML pages, for a person who opens a problem type or a ruling in a
browser: one page, its style inline, nothing fetched from elsewhere.

The texts are the little Markdown the rulings are written in: paragraphs, tables, ``code``
and ``**bold**``. Everything else is shown as written, escaped; no other Markdown is needed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from html import escape

# A ruling id's link, or None to leave the id as plain text.
Linker = Callable[[str], str | None]
# What may be a ruling id (G-4, CZ-12, YQ-16): a Linker says whether it is one (UTF-8 is not).
LINKABLE = re.compile(r"\b[A-Z]+-\d+\b")

CODE = re.compile(r"(`[^`]+`)")
BOLD = re.compile(r"\*\*(.+?)\*\*")
RULE_ROW = re.compile(r"\|(\s*:?-+:?\s*\|)+")  # a table's | --- | --- | line

STYLE = """
body { font: 16px/1.5 system-ui, sans-serif; color: #222; margin: 0; }
main { max-width: 48rem; margin: 0 auto; padding: 1rem 1.25rem 3rem; }
nav { font-size: 0.9rem; border-bottom: 1px solid #ddd; padding-bottom: 0.5rem; }
nav a { margin-right: 1rem; }
h1 { font-size: 1.6rem; margin-bottom: 0.25rem; }
h2 { font-size: 1.15rem; margin-top: 1.75rem; }
.meta { color: #666; margin-top: 0; }
code { background: #f3f3f3; padding: 0 0.2em; border-radius: 3px; }
table { border-collapse: collapse; margin: 0.75rem 0; }
th, td { border: 1px solid #ccc; padding: 0.25rem 0.5rem; text-align: left; vertical-align: top; }
a { color: #0550ae; }
"""


def page(title: str, body: str, nav: list[tuple[str, str]], lang: str = "en") -> str:
    """A whole page: ``body`` is HTML already; ``nav`` the (href, text) links above it."""
    links = "".join(f'<a href="{escape(href)}">{escape(text)}</a>' for href, text in nav)
    return (f'<!DOCTYPE html>\n<html lang="{escape(lang)}">\n<head>\n<meta charset="UTF-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{escape(title)}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<main>\n"
            f"<nav>{links}</nav>\n{body}\n</main>\n</body>\n</html>\n")


def _ids(text: str, link: Linker) -> str:
    """Escaped text with every ruling id ``link`` knows made a link."""
    out, last = [], 0
    for found in LINKABLE.finditer(text):
        href = link(found[0])
        if href is not None:
            out += [escape(text[last:found.start()]),
                    f'<a href="{escape(href)}">{escape(found[0])}</a>']
            last = found.end()
    out.append(escape(text[last:]))
    return "".join(out)


def inline(text: str, link: Linker) -> str:
    """One paragraph's Markdown as HTML: code spans kept literal, bold, ruling ids linked."""
    parts = []
    for part in CODE.split(text):
        if part.startswith("`") and part.endswith("`") and len(part) > 1:
            parts.append(f"<code>{escape(part[1:-1])}</code>")
        else:
            parts.append(BOLD.sub(r"<strong>\1</strong>", _ids(part, link)))
    return "".join(parts)


def _cells(row: str) -> list[str]:
    return [cell.strip() for cell in row.strip().strip("|").split("|")]


def _table(rows: list[str], cell: Callable[[str], str]) -> str:
    head, body = rows[0], [row for row in rows[1:] if not RULE_ROW.fullmatch(row.strip())]
    header = "".join(f"<th>{cell(text)}</th>" for text in _cells(head))
    lines = "".join("<tr>" + "".join(f"<td>{cell(text)}</td>" for text in _cells(row)) + "</tr>"
                    for row in body)
    return f"<table><thead><tr>{header}</tr></thead><tbody>{lines}</tbody></table>"


def blocks(text: str, link: Linker) -> str:
    """A text of paragraphs parted by blank lines, a table's rows one a line, as HTML."""
    def cell(part: str) -> str:
        return inline(part, link)

    out = []
    for block in text.split("\n\n"):
        rows = block.splitlines()
        if rows and rows[0].startswith("|"):
            out.append(_table(rows, cell))
        elif block.strip():
            out.append(f"<p>{cell(' '.join(rows))}</p>")
    return "\n".join(out)
