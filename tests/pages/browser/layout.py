"""Layout checks measured in the browser: every line of text as a box, boxes that overlap, boxes cut
off.

A *text box* is one line of one text node (``Range.getClientRects``), clipped by its ancestors that
hide their overflow (a name cut with an ellipsis ends at its cell); text hidden from sight (``.sr``,
``[hidden]``, ``display: none``, a closed ``<details>`` but its summary, 1-pixel clips) is left out.
Two text boxes overlap when they share more than ``TOLERANCE`` pixels each way: letters printed over
other letters.
"""

from __future__ import annotations

TOLERANCE = 2

TEXT_BOXES = """(root) => {
  const scope = root ? document.querySelector(root) : document.body;
  const boxes = [];
  if (!scope) { return boxes; }
  const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
  let node;
  let index = 0;
  while ((node = walker.nextNode())) {
    index += 1;
    const text = node.textContent.trim();
    if (!text) { continue; }
    const element = node.parentElement;
    const hidden = '.sr, .visually-hidden, [hidden], script, style, noscript, template';
    if (element.closest(hidden)) { continue; }
    // a closed disclosure shows its summary only
    const closed = element.closest('details:not([open])');
    if (closed && !element.closest('summary')) { continue; }
    const style = getComputedStyle(element);
    const invisible = style.visibility === 'hidden' || style.display === 'none';
    if (invisible || parseFloat(style.opacity) === 0) { continue; }
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) {
      let box = {left: r.left, top: r.top, right: r.right, bottom: r.bottom};
      for (let a = element; a && a !== document.documentElement; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (s.overflowX !== 'visible' || s.overflowY !== 'visible') {
          const c = a.getBoundingClientRect();
          box = {left: Math.max(box.left, c.left), top: Math.max(box.top, c.top),
                 right: Math.min(box.right, c.right), bottom: Math.min(box.bottom, c.bottom)};
        }
      }
      if (box.right - box.left <= 1 || box.bottom - box.top <= 1) { continue; }
      boxes.push({node: index, text: text.slice(0, 40),
                  left: box.left + scrollX, top: box.top + scrollY,
                  right: box.right + scrollX, bottom: box.bottom + scrollY,
                  rawRight: r.right + scrollX, rawLeft: r.left + scrollX});
    }
  }
  return boxes;
}"""


def text_boxes(page, root: str | None = None) -> list[dict]:
    """Every visible line of text under the element ``root`` (a CSS selector; the body when
    None)."""
    return page.evaluate(TEXT_BOXES, root)


def overlapping(boxes: list[dict]) -> list[tuple[dict, dict]]:
    """Pairs of text boxes of different text nodes that overlap by more than ``TOLERANCE`` pixels
    both ways (one text node cut with an ellipsis has two boxes, the whole and the part shown)."""
    found = []
    ordered = sorted(boxes, key=lambda b: b["top"])
    for i, a in enumerate(ordered):
        for b in ordered[i + 1 :]:
            if b["top"] >= a["bottom"] - TOLERANCE:
                break
            across = min(a["right"], b["right"]) - max(a["left"], b["left"])
            down = min(a["bottom"], b["bottom"]) - max(a["top"], b["top"])
            if across > TOLERANCE and down > TOLERANCE and a["node"] != b["node"]:
                found.append((a, b))
    return found


def assert_readable(page, root: str | None = None) -> list[dict]:
    """No two lines of text overlap, none is cut by the window's right or left edge, and the page
    does not scroll sideways. Returns the boxes measured."""
    width = page.evaluate("window.innerWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width, (
        "the page scrolls sideways"
    )
    boxes = text_boxes(page, root)
    assert boxes, f"no text under {root}"
    outside = [b for b in boxes if b["left"] < -0.5 or b["right"] > width + 0.5]
    assert not outside, f"text cut off at the window's edge: {outside[:3]}"
    clashes = overlapping(boxes)
    assert not clashes, f"text printed over text: {clashes[:3]}"
    return boxes


def assert_inside(outer: dict, inner: dict, what: str = "") -> None:
    """Bounding box ``inner`` lies within ``outer`` (half a pixel of rounding allowed)."""
    assert (
        inner["x"] >= outer["x"] - 0.5
        and inner["y"] >= outer["y"] - 0.5
        and inner["x"] + inner["width"] <= outer["x"] + outer["width"] + 0.5
        and inner["y"] + inner["height"] <= outer["y"] + outer["height"] + 0.5
    ), (what, outer, inner)
