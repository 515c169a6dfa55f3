"""The contrast of every label a page shows (WCAG 2.1 AA), for the web board's browser tests.

Each visible text (the board's SVG labels and the page's own) is read with its colour, its
size and the box it takes on the screen; the colour behind it is read from a screenshot
taken with every text hidden (the commonest colour in its box: the pill, the band, the
button or the page under it). Large text (24 px, or 18.66 px bold) needs 3:1, the rest
4.5:1; a disabled button is exempt, as WCAG exempts inactive controls.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any

from PIL import Image
from playwright.async_api import Page

RGB = tuple[int, int, int]

# Every visible text of the game's view: its words, colour (with the fill's opacity for
# SVG), size, weight and box on the screen.
_LABELS = """(root) => {
  const found = [];
  const rgb = (text) => (text.match(/[\\d.]+/g) || []).slice(0, 4).map(Number);
  for (const node of root.querySelectorAll("*")) {
    const own = [...node.childNodes].filter((c) => c.nodeType === 3 && c.textContent.trim());
    if (!own.length) continue;
    const style = getComputedStyle(node);
    const box = node.getBoundingClientRect();
    if (style.visibility !== "visible" || box.width < 1 || box.height < 1 ||
        node.closest("[hidden]")) continue;
    const isSvg = node instanceof SVGElement;
    if (!isSvg) { // not scrolled out of sight or covered
      const top = document.elementFromPoint((box.left + box.right) / 2, (box.top + box.bottom) / 2);
      if (!top || !(top === node || node.contains(top) || top.contains(node))) continue;
    }
    const color = rgb(isSvg ? style.fill : style.color);
    let opacity = isSvg ? Number(style.fillOpacity) : (color.length > 3 ? color[3] : 1);
    for (let up = node; up && up !== document.documentElement; up = up.parentElement) {
      opacity *= Number(getComputedStyle(up).opacity);
    }
    const scale = isSvg ? node.getScreenCTM().a : 1; // the board's units to CSS pixels
    found.push({ text: own.map((c) => c.textContent.trim()).join(" "), tag: node.tagName,
      cls: String(node.getAttribute("class") || ""), color: color.slice(0, 3), opacity,
      size: parseFloat(style.fontSize) * scale, weight: Number(style.fontWeight),
      disabled: Boolean(node.closest("button:disabled")),
      box: [box.left, box.top, box.right, box.bottom] });
  }
  return found;
}"""

# Every text hidden, or shown again (through the CSSOM: the page's policy allows no inline
# style sheet).
_HIDE = """(hide) => {
  for (const node of document.querySelectorAll("body *")) {
    if (node instanceof SVGElement && node.tagName !== "text") continue;
    const [key, value] = node instanceof SVGElement ? ["visibility", "hidden"] :
      ["color", "transparent"];
    if (hide) node.style.setProperty(key, value, "important");
    else node.style.removeProperty(key);
  }
}"""


@dataclass(frozen=True)
class Label:
    text: str
    where: str  # its element and class
    ratio: float
    needed: float
    fore: RGB
    back: RGB

    @property
    def ok(self) -> bool:
        return self.ratio >= self.needed


def luminance(rgb: RGB) -> float:
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(a: RGB, b: RGB) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def _behind(image: Image.Image, box: list[float]) -> RGB:
    """The commonest colour in `box` (the label's own box, its text hidden)."""
    x0, y0, x1, y1 = (round(v) for v in box)
    x0, y0 = max(0, x0), max(0, y0)
    x1, y1 = min(image.width, max(x1, x0 + 1)), min(image.height, max(y1, y0 + 1))
    colors = image.crop((x0, y0, x1, y1)).getcolors(maxcolors=1 << 20) or [(1, (0, 0, 0))]
    color = max(colors)[1]
    assert isinstance(color, tuple)
    red, green, blue = color[:3]
    return red, green, blue


def _blend(fore: RGB, back: RGB, alpha: float) -> RGB:
    r, g, b = (round(f * alpha + k * (1 - alpha)) for f, k in zip(fore, back, strict=True))
    return r, g, b


async def labels(page: Page, selector: str = "#app") -> list[Label]:
    """Every visible label under `selector` with its contrast against what is behind it
    (the page at a device scale of 1: boxes are pixels)."""
    found: list[dict[str, Any]] = await page.locator(selector).evaluate(_LABELS)
    await page.evaluate(_HIDE, True)
    try:
        shot = await page.screenshot(animations="disabled")
    finally:
        await page.evaluate(_HIDE, False)
    image = Image.open(io.BytesIO(shot)).convert("RGB")
    out = []
    for item in found:
        if item["disabled"]:
            continue
        back = _behind(image, item["box"])
        red, green, blue = (int(v) for v in item["color"])
        fore = _blend((red, green, blue), back, item["opacity"])
        size = float(item["size"])
        large = size >= 24 or (size >= 18.66 and item["weight"] >= 700)
        out.append(Label(item["text"], f"{item['tag']}.{item['cls']}", ratio(fore, back),
                         3.0 if large else 4.5, fore, back))
    return out
