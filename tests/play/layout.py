"""Boxes measured in the browser for the online-play pages' layout tests.

A *text box* is one line of one visible text node (``Range.getClientRects``); text meant for
screen readers only (``.sr``) and hidden text are left out. Two boxes overlap when they share more
than ``TOLERANCE`` pixels each way.
"""

from __future__ import annotations

TOLERANCE = 1

TEXT_BOXES = """(root) => {
  const boxes = [];
  let index = 0;
  for (const scope of document.querySelectorAll(root)) {
  const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
  let node;
  while ((node = walker.nextNode())) {
    index += 1;
    const text = node.textContent.trim();
    const element = node.parentElement;
    if (!text || element.closest('.sr, [hidden], script, style, svg, option')) { continue; }
    // Not rendered: display none, visibility hidden, or inside a closed <details>.
    const shown = {visibilityProperty: true, contentVisibilityAuto: true};
    if (!element.checkVisibility(shown)) { continue; }
    if (element.closest('details:not([open]) > :not(summary)')) { continue; }
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) {
      if (r.width < 1 || r.height < 1) { continue; }
      boxes.push({node: index, text: text.slice(0, 40), x: r.left + scrollX, y: r.top + scrollY,
                  width: r.width, height: r.height});
    }
  }
  }
  return boxes;
}"""

ELEMENT_BOXES = """(selector) => [...document.querySelectorAll(selector)]
  .filter(e => e.getClientRects().length)
  .map(e => { const r = e.getBoundingClientRect();
    return {text: e.textContent.trim().slice(0, 40), x: r.left + scrollX, y: r.top + scrollY,
            width: r.width, height: r.height}; })"""


def text_boxes(page, root: str) -> list[dict]:
    """Every visible line of text under the elements matching ``root`` (a CSS selector)."""
    return page.evaluate(TEXT_BOXES, root)


def element_boxes(page, selector: str) -> list[dict]:
    """The bounding box of every rendered element matching ``selector``."""
    return page.evaluate(ELEMENT_BOXES, selector)


def overlap(a: dict, b: dict, tolerance: float = TOLERANCE) -> bool:
    return (
        min(a["x"] + a["width"], b["x"] + b["width"]) - max(a["x"], b["x"]) > tolerance
        and min(a["y"] + a["height"], b["y"] + b["height"]) - max(a["y"], b["y"]) > tolerance
    )


def overlapping(boxes: list[dict], others: list[dict] | None = None) -> list[tuple[str, str]]:
    """Pairs of boxes that overlap: within ``boxes`` (of different text nodes), or between
    ``boxes`` and ``others``."""
    if others is None:
        return [
            (a["text"], b["text"])
            for i, a in enumerate(boxes)
            for b in boxes[i + 1 :]
            if a.get("node") != b.get("node") and overlap(a, b)
        ]
    return [(a["text"], b["text"]) for a in boxes for b in others if overlap(a, b)]


def outside(boxes: list[dict], width: float) -> list[str]:
    """Boxes that do not fit between 0 and ``width`` across: cut off by the screen's edge."""
    return [b["text"] for b in boxes if b["x"] < -0.5 or b["x"] + b["width"] > width + 0.5]


def _luminance(rgb: tuple[float, float, float]) -> float:
    def channel(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def parse_rgb(css: str) -> tuple[float, float, float]:
    """``rgb(1, 2, 3)`` or ``rgba(1, 2, 3, 1)`` (opaque colours only) as a triple."""
    inside = css[css.index("(") + 1 : css.index(")")].replace("/", ",").split(",")
    values = [float(v) for v in inside]
    assert len(values) == 3 or values[3] == 1, f"{css} is not opaque"
    return values[0], values[1], values[2]


def contrast(foreground: str, background: str) -> float:
    """The WCAG contrast ratio of two CSS colours (``getComputedStyle`` form)."""
    lighter, darker = sorted(
        (_luminance(parse_rgb(foreground)), _luminance(parse_rgb(background))), reverse=True
    )
    return (lighter + 0.05) / (darker + 0.05)


COLOURS = """(selector) => { const e = document.querySelector(selector);
  let bg = e;
  while (bg && getComputedStyle(bg).backgroundColor === 'rgba(0, 0, 0, 0)') {
    bg = bg.parentElement;
  }
  const s = getComputedStyle(e);
  return {color: s.color, background: getComputedStyle(bg).backgroundColor, opacity: s.opacity,
          size: parseFloat(s.fontSize), weight: s.fontWeight}; }"""


def colours(page, selector: str) -> dict:
    """The text colour of the first element matching ``selector`` and the background it sits on
    (its first ancestor with a background colour)."""
    return page.evaluate(COLOURS, selector)


SELECTS_CUT = """() => { const ctx = document.createElement('canvas').getContext('2d');
  return [...document.querySelectorAll('select')].filter(s => s.getClientRects().length).map(s => {
    const style = getComputedStyle(s);
    ctx.font = style.font;
    const text = s.options[s.selectedIndex] ? s.options[s.selectedIndex].text : '';
    const room = s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return {text, need: ctx.measureText(text).width, room};
  }).filter(s => s.need > s.room - 16); }"""


def cut_selects(page) -> list[dict]:
    """Visible selects whose chosen option's text does not fit (the arrow takes 16 px)."""
    return page.evaluate(SELECTS_CUT)
