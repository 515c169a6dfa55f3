// The board: an SVG drawn from the game state and the layout the server sends (the PNG
// board's geometry and colours: web/layout.py), in the picture's own pixels (viewBox), so
// it scales to any width. Points are in the viewer's numbering: home 1-6 bottom right,
// 25 the bar, 0 borne off.

const NS = "http://www.w3.org/2000/svg";
const SIDES = ["viewer", "opponent"];
const PIPS = {
  1: [[0, 0]],
  2: [[-1, -1], [1, 1]],
  3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
  5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};
const REASON_MARK = { borne_off: "", resign: "⚑", timeout: "◷", drop: "✗" };
const TOUCH = 44; // CSS px: the least a finger's target should measure (a checker's spot)

export function svg(tag, attrs, parent, text) {
  const node = document.createElementNS(NS, tag);
  if (attrs) {
    for (const key in attrs) {
      const value = attrs[key];
      if (value !== null && value !== undefined && value !== false) node.setAttribute(key, value);
    }
  }
  if (text !== undefined && text !== null) node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}

export const other = (side) => (side === "viewer" ? "opponent" : "viewer");

// -- the position a board shows (a state, or the state with local moves applied) ----------

export function viewOf(state) {
  return {
    ...state,
    points: state.points.map((p) => [p[0], p[1]]),
    bar: { ...state.bar },
    off: { ...state.off },
  };
}

export function countOf(view, point, side) {
  if (point === 25) return view.bar[side];
  if (point === 0) return view.off[side];
  const [count, owner] = view.points[point - 1];
  return owner === side ? count : 0;
}

// Take one checker of `side` off `a` (false when there is none).
export function take(view, side, a) {
  if (countOf(view, a, side) < 1) return false;
  if (a === 25) view.bar[side] -= 1;
  else if (a === 0) view.off[side] -= 1;
  else {
    const p = view.points[a - 1];
    p[0] -= 1;
    if (!p[0]) p[1] = null;
  }
  return true;
}

// Put one checker of `side` on `b`; a lone checker of the other side there goes to its bar.
// Returns whether it hit.
export function put(view, side, b) {
  if (b === 0) view.off[side] += 1;
  else if (b === 25) view.bar[side] += 1;
  else {
    const p = view.points[b - 1];
    const hit = p[1] === other(side) && p[0] === 1;
    if (hit) {
      view.bar[other(side)] += 1;
      p[0] = 0;
    }
    p[0] += 1;
    p[1] = side;
    return hit;
  }
  return false;
}

// -- marks: where the shown moves went (render/marks.py, the same rules) -----------------

function netMove(segments) {
  const net = new Map();
  for (const [a, b] of segments) {
    net.set(a, (net.get(a) || 0) - 1);
    net.set(b, (net.get(b) || 0) + 1);
  }
  const left = [], arrived = [];
  for (const [p, n] of net) {
    if (n < 0) left.push([p, -n]);
    if (n > 0) arrived.push([p, n]);
  }
  return [left, arrived];
}

function trails(moves) {
  const out = { viewer: { left: {}, arrived: {} }, opponent: { left: {}, arrived: {} } };
  moves.forEach((move, index) => {
    const trail = out[move.by];
    const [left, arrived] = netMove(move.segments);
    for (const [p, n] of left) {
      for (let i = 0; i < n; i++) {
        if (trail.arrived[p] && trail.arrived[p].length) trail.arrived[p].pop();
        else (trail.left[p] ||= []).push(index);
      }
    }
    for (const [p, n] of arrived) {
      for (let i = 0; i < n; i++) (trail.arrived[p] ||= []).push(index);
    }
  });
  return out;
}

// -- the board ---------------------------------------------------------------------------

export class Board {
  // `label`: the board's accessible name; `pipsLabel`: the word before each pip count.
  constructor(layout, label, pipsLabel = "") {
    this.L = layout;
    this.C = layout.colors;
    this.R = layout.checker_r;
    this.max = layout.max_stack;
    this.pipsLabel = pipsLabel;
    const L = layout;
    this.midY0 = L.tray.opponent[3];
    this.midY1 = L.tray.viewer[1];
    this.halfX = { left: (L.field[0] + L.bar_x[0]) / 2, right: (L.bar_x[1] + L.field[2]) / 2 };
    this.columns = [];
    for (let p = 1; p <= 24; p++) {
      const pt = L.points[p];
      this.columns.push([p, pt.label[0], pt.top]);
    }
    this.el = svg("svg", {
      viewBox: `0 0 ${L.width} ${L.height}`, class: "board", role: "group",
      "aria-label": label, "data-version": "0",
    });
    this.defs();
    this.drawStatic();
    const layer = (name) => svg("g", { class: name }, this.el);
    // The point numbers, then the pills over them: a filled pill hides the number beneath
    // and shows its own, in the band's dark colour.
    this.drawLabels(layer("labels"));
    this.gPills = layer("pills");
    this.gTrays = layer("trays");
    this.gCheckers = layer("checkers");
    this.gMarks = layer("marks");
    this.gTargets = layer("targets");
    this.gDice = layer("dice");
    this.gCube = layer("cube");
    this.gCaption = layer("caption");
    this.gBands = layer("bands");
    this.gResult = layer("result");
    this.gFocus = layer("focus");
    // Moving checkers (dragged, sliding) fly above the SVG in a layer of their own: each is
    // a small SVG moved by a CSS transform, which the compositor applies without laying out
    // or repainting the board.
    this.flyLayer = document.createElement("div");
    this.flyLayer.className = "fly-layer";
    this.box = document.createElement("div");
    this.box.className = "board-box";
    this.box.append(this.el, this.flyLayer);
    this.stacks = new Map(); // "point:side" -> <g> of that stack
    this.clock = null;
  }

  defs() {
    const defs = svg("defs", null, this.el);
    const R = this.R;
    for (const color of ["white", "black"]) {
      const [body, rim, ring] = this.C.checker[color];
      const g = svg("g", { id: `ck-${color}` }, defs);
      svg("circle", { cx: 1, cy: 2, r: R, fill: "#000", "fill-opacity": 0.28 }, g);
      svg("circle", { r: R - 0.5, fill: rim }, g);
      svg("circle", { r: R - 3, fill: body }, g);
      svg("circle", { r: 0.6 * R, fill: "none", stroke: ring, "stroke-width": 2 }, g);
    }
  }

  drawStatic() {
    const L = this.L, C = this.C;
    const g = svg("g", { class: "static" }, this.el);
    svg("rect", { width: L.width, height: L.height, fill: C.band }, g);
    const [fx0, fy0, fx1, fy1] = L.frame;
    svg("rect", { x: fx0, y: fy0, width: fx1 - fx0, height: fy1 - fy0, fill: C.frame }, g);
    const [lx, y0, rx1, y1] = L.field;
    for (const [x0, x1] of [[lx, L.bar_x[0]], [L.bar_x[1], rx1]]) {
      svg("rect", { x: x0 - 3, y: y0 - 3, width: x1 - x0 + 6, height: y1 - y0 + 6,
        fill: C.frame_edge }, g);
      svg("rect", { x: x0, y: y0, width: x1 - x0, height: y1 - y0, fill: C.field }, g);
    }
    for (let p = 1; p <= 24; p++) {
      const pt = L.points[p];
      svg("polygon", { points: pt.triangle.map((c) => c.join(",")).join(" "),
        fill: pt.dark ? C.point_dark : C.point_light }, g);
    }
    for (const side of SIDES) {
      const [x0, ty0, x1, ty1] = L.tray[side];
      svg("rect", { x: x0 - 3, y: ty0 - 3, width: x1 - x0 + 6, height: ty1 - ty0 + 6, rx: 8,
        fill: C.frame_edge }, g);
      svg("rect", { x: x0, y: ty0, width: x1 - x0, height: ty1 - ty0, rx: 6, fill: C.tray }, g);
    }
  }

  drawLabels(g) {
    this.labels = [null];
    for (let p = 1; p <= 24; p++) {
      const [x, y] = this.L.points[p].label;
      this.labels.push(svg("text", { x, y, class: "num", fill: this.C.frame_text }, g, String(p)));
    }
  }

  // -- where things are ---------------------------------------------------------------

  slot(point, side, k) {
    const L = this.L;
    if (point === 0) {
      const [x0, y0, x1, y1] = L.slabs[side][Math.min(k, 14)];
      return [(x0 + x1) / 2, (y0 + y1) / 2];
    }
    const k5 = Math.min(k, this.max - 1);
    return point === 25 ? L.bar[side][k5] : L.points[point].stack[k5];
  }

  // The top checker of `side` on `point`.
  top(view, point, side) {
    return this.slot(point, side, Math.max(0, countOf(view, point, side) - 1));
  }

  // Where a checker of `side` arriving on `point` lands (on a lone opposing checker: its
  // place).
  landing(view, point, side) {
    if (point >= 1 && point <= 24) {
      const [count, owner] = view.points[point - 1];
      return this.slot(point, side, owner === side ? count : 0);
    }
    return this.slot(point, side, countOf(view, point, side));
  }

  // The point (1-24), the bar (25) or the viewer's tray (0) under board coordinates.
  pointAt(x, y) {
    const L = this.L;
    const tray = L.tray.viewer;
    if (x >= tray[0] - 8 && x <= tray[2] + 8 && y >= L.frame[1] && y <= L.frame[3]) return 0;
    if (x >= L.bar_x[0] && x < L.bar_x[1] && y >= L.frame[1] && y <= L.frame[3]) return 25;
    if (y < L.frame[1] || y > L.frame[3]) return null;
    const top = y < L.mid_y;
    const half = L.point_w / 2;
    for (const [p, cx, isTop] of this.columns) {
      if (isTop === top && Math.abs(x - cx) <= half) return p;
    }
    return null;
  }

  // How far from a spot's centre a finger still counts as on it, in board units: the
  // checker's radius, or half of TOUCH on screen where checkers are drawn smaller.
  reach() {
    const width = this.el.getBoundingClientRect().width;
    return width ? Math.max(this.R, (TOUCH / 2) * (this.L.width / width)) : this.R;
  }

  // Where a finger aims at `point`: the top checker of the viewer's (`side`'s) stack there
  // (as a source), or where a checker lands (as a destination); the tray's free slot.
  aim(view, point, asTarget) {
    if (point === 0) {
      const [x0, y0, x1, y1] = this.L.slabs.viewer[Math.min(view.off.viewer, 14)];
      return [(x0 + x1) / 2, (y0 + y1) / 2];
    }
    return asTarget ? this.landing(view, point, "viewer") : this.top(view, point, "viewer");
  }

  // Of `points`, the one whose spot is nearest to [x, y], within `reach` board units
  // (null when none is): a tap or a drop a little beside a legal spot still finds it.
  nearest(view, points, x, y, asTarget, reach = this.reach()) {
    let best = null, bestD = reach;
    for (const point of points) {
      const [px, py] = this.aim(view, point, asTarget);
      const d = Math.hypot(px - x, py - y);
      if (d <= bestD) [best, bestD] = [point, d];
    }
    return best;
  }

  // Screen to board coordinates with a matrix read once per gesture (no layout per frame).
  matrix() {
    return this.el.getScreenCTM().inverse();
  }

  static toBoard(m, clientX, clientY) {
    return [m.a * clientX + m.c * clientY + m.e, m.b * clientX + m.d * clientY + m.f];
  }

  // -- drawing ---------------------------------------------------------------------------

  // view: the state (or a local variant of it); ui: {movable, selected, lifted, clockSide}
  draw(view, ui = {}) {
    this.view = view;
    this.ui = ui;
    this.colors = { viewer: view.color, opponent: view.color === "white" ? "black" : "white" };
    this.el.setAttribute("data-version", String(view.version));
    this.drawCheckers();
    this.drawMarks();
    this.drawTargets();
    this.drawDice(view.dice, view.dice_used, view.dice_of);
    this.drawCube();
    this.drawCaption();
    this.drawBands();
    this.drawResult();
    this.drawFocus();
  }

  clear(g) {
    g.replaceChildren();
  }

  drawCheckers() {
    const view = this.view;
    this.clear(this.gCheckers);
    this.clear(this.gTrays);
    this.stacks.clear();
    for (let p = 1; p <= 24; p++) {
      const [count, owner] = view.points[p - 1];
      if (count) this.drawStack(p, owner, count);
    }
    for (const side of SIDES) {
      if (view.bar[side]) this.drawStack(25, side, view.bar[side]);
      this.drawTray(side);
    }
  }

  drawStack(point, side, count) {
    const lifted = this.ui.lifted === point && side === "viewer" ? 1 : 0;
    const shown = count - lifted;
    const key = `${point}:${side}`;
    const g = svg("g", { "data-spot": key }, this.gCheckers);
    this.stacks.set(key, g);
    const color = this.colors[side];
    for (let k = 0; k < Math.min(shown, this.max); k++) {
      const [x, y] = this.slot(point, side, k);
      svg("use", { href: `#ck-${color}`, x, y }, g);
    }
    if (shown > this.max) {
      const [x, y] = this.slot(point, side, this.max - 1);
      svg("text", { x, y, class: "count", fill: this.C.checker[color][3] }, g, String(shown));
    }
  }

  drawTray(side) {
    const count = this.view.off[side];
    const color = this.colors[side];
    const [body, rim, , text] = this.C.checker[color];
    for (let k = 0; k < count; k++) {
      const [x0, y0, x1, y1] = this.L.slabs[side][k];
      svg("rect", { x: x0, y: y0, width: x1 - x0, height: y1 - y0, rx: 5, fill: body,
        stroke: rim, "stroke-width": 2 }, this.gTrays);
    }
    if (count) {
      const [x, y] = this.L.tray_count[side];
      svg("rect", { x: x - 26, y: y - 13, width: 52, height: 26, rx: 13, fill: body, stroke: rim,
        "stroke-width": 2 }, this.gTrays);
      svg("text", { x, y, class: "badge", fill: text }, this.gTrays, String(count));
    }
  }

  // A lifted checker's stack drawn again without it (once, when a drag starts).
  redrawStack(point, side) {
    const key = `${point}:${side}`;
    const old = this.stacks.get(key);
    if (old) old.remove();
    this.stacks.delete(key);
    const count = countOf(this.view, point, side);
    if (count) this.drawStack(point, side, count);
  }

  ring(g, [x, y], color, width) {
    const r = this.R + width / 2 + 1;
    svg("circle", { cx: x, cy: y, r, fill: "none", stroke: this.C.band, "stroke-width": width + 4 },
      g);
    svg("circle", { cx: x, cy: y, r, fill: "none", stroke: color, "stroke-width": width }, g);
  }

  ghost(g, [x, y], color, width) {
    const attrs = { cx: x, cy: y, r: this.R - 2, fill: "none", pathLength: 120,
      "stroke-dasharray": "7 3", "stroke-dashoffset": 3.5 };
    svg("circle", { ...attrs, stroke: this.C.band, "stroke-width": width + 4 }, g);
    svg("circle", { ...attrs, stroke: color, "stroke-width": width }, g);
  }

  pill(point, color, filled) {
    const [x, y] = this.L.points[point].label;
    if (filled) {
      this.labels[point].setAttribute("visibility", "hidden"); // the pill shows the number
      svg("rect", { x: x - 22, y: y - 14, width: 44, height: 28, rx: 14, fill: color }, this.gPills);
      svg("text", { x, y, class: "num", fill: this.C.band }, this.gPills, String(point));
    } else {
      svg("rect", { x: x - 20.5, y: y - 12.5, width: 41, height: 25, rx: 12.5, fill: "none",
        stroke: color, "stroke-width": 3 }, this.gPills);
    }
  }

  drawMarks() {
    const view = this.view, C = this.C;
    this.clear(this.gMarks);
    this.clear(this.gPills);
    for (const label of this.labels) if (label) label.removeAttribute("visibility");
    const moves = [...(view.moves || [])];
    const steps = view.steps || [];
    if (steps.length) moves.push({ by: "viewer", segments: steps, steps: true });
    const style = (index) => {
      if (moves[index].steps) return [C.step, 3];
      const newest = moves.length - 1 - (steps.length ? 1 : 0);
      return index === newest ? [C.last_move, 4] : [C.last_move_old, 3];
    };
    const pills = new Map();
    const found = [];
    const t = trails(moves);
    for (const side of SIDES) {
      const trail = t[side];
      for (const key in trail.arrived) {
        const point = Number(key), indexes = trail.arrived[key];
        if (!indexes.length) continue;
        if (point >= 1 && point <= 24) {
          for (const index of indexes) (pills.get(point) || pills.set(point, []).get(point))
            .push([index, true]);
        }
        if (point === 0) {
          this.outlineOff(side, indexes, style);
          continue;
        }
        const count = countOf(view, point, side);
        const shown = Math.min(count, this.max);
        const newest = [...indexes].sort((a, b) => b - a).slice(0, shown);
        newest.forEach((index, i) => found.push([index, "ring", point, side, shown - 1 - i]));
      }
      for (const key in trail.left) {
        const point = Number(key), indexes = trail.left[key];
        if (point >= 1 && point <= 24) {
          for (const index of indexes) (pills.get(point) || pills.set(point, []).get(point))
            .push([index, false]);
        }
        if (point === 0) continue;
        const count = point === 25 ? view.bar[side] : view.points[point - 1][0];
        const newest = [...indexes].sort((a, b) => b - a);
        for (let k = count, i = 0; k < this.max && i < newest.length; k++, i++) {
          found.push([newest[i], "ghost", point, side, k]);
        }
      }
    }
    found.sort((a, b) => a[0] - b[0]);
    for (const [index, kind, point, side, k] of found) {
      const [color, width] = style(index);
      const at = this.slot(point, side, k);
      if (kind === "ring") this.ring(this.gMarks, at, color, width);
      else this.ghost(this.gMarks, at, color, width);
    }
    for (const [point, list] of pills) {
      list.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      for (const [index, filled] of list) this.pill(point, style(index)[0], filled);
    }
  }

  outlineOff(side, indexes, style) {
    let top = this.view.off[side];
    const distinct = [...new Set(indexes)].sort((a, b) => b - a);
    for (const index of distinct) {
      const n = indexes.filter((i) => i === index).length;
      const first = Math.max(0, top - n);
      if (first < top) this.outlineSlabs(side, first, top - 1, style(index)[0], this.gMarks);
      top = first;
    }
  }

  outlineSlabs(side, first, last, color, g) {
    const a = this.L.slabs[side][first], b = this.L.slabs[side][last];
    const x0 = a[0] - 4, x1 = a[2] + 4;
    const y0 = Math.min(a[1], b[1]) - 4, y1 = Math.max(a[3], b[3]) + 4;
    svg("rect", { x: x0, y: y0, width: x1 - x0, height: y1 - y0, rx: 6, fill: "none",
      stroke: color, "stroke-width": 3 }, g);
  }

  // The movable checkers (a thin ring), the selected one (a thick ring) and its
  // destinations (translucent discs, filled point numbers, a lit tray slot).
  drawTargets() {
    const view = this.view, ui = this.ui, C = this.C;
    this.clear(this.gTargets);
    const movable = ui.movable || {};
    for (const key in movable) {
      const src = Number(key);
      if (src === ui.selected || src === ui.lifted) continue;
      const [x, y] = this.top(view, src, "viewer");
      svg("circle", { cx: x, cy: y, r: this.R + 1, fill: "none", stroke: C.step,
        "stroke-width": 3, "stroke-opacity": 0.85, class: "can-move" }, this.gTargets);
    }
    const src = ui.selected ?? ui.lifted;
    if (src === null || src === undefined || !movable[src]) return;
    if (ui.selected !== null && ui.selected !== undefined && ui.lifted !== src) {
      this.ring(this.gTargets, this.top(view, src, "viewer"), C.step, 5);
      if (src >= 1 && src <= 24) this.pill(src, C.step, false);
    }
    for (const key in movable[src]) {
      const dst = Number(key);
      if (dst === 0) {
        const [x0, y0, x1, y1] = this.L.slabs.viewer[Math.min(view.off.viewer, 14)];
        svg("rect", { x: x0, y: y0, width: x1 - x0, height: y1 - y0, rx: 5, fill: C.step },
          this.gTargets);
        this.outlineSlabs("viewer", Math.min(view.off.viewer, 14), Math.min(view.off.viewer, 14),
          C.step, this.gTargets);
        continue;
      }
      const [x, y] = this.landing(view, dst, "viewer");
      svg("circle", { cx: x, cy: y, r: this.R - 2, fill: C.step, "fill-opacity": 0.31,
        stroke: C.band, "stroke-width": 7 }, this.gTargets);
      svg("circle", { cx: x, cy: y, r: this.R - 2.5, fill: "none", stroke: C.step,
        "stroke-width": 5 }, this.gTargets);
      this.pill(dst, C.step, true);
    }
  }

  drawDice(dice, used, of) {
    this.clear(this.gDice);
    if (!dice) return;
    const values = dice[0] === dice[1] ? [dice[0], dice[0], dice[0], dice[0]] : dice;
    const side = of || "viewer";
    const centers = this.L.dice[values.length === 4 ? side + "4" : side];
    const color = this.colors[side];
    const [face, pip] = this.C.die[color];
    const edge = this.C.checker[color][1];
    const spent = {};
    for (const v of used || []) spent[v] = (spent[v] || 0) + 1;
    const n = this.L.die;
    values.forEach((value, i) => {
      const isUsed = (spent[value] || 0) > 0;
      if (isUsed) spent[value] -= 1;
      const [x, y] = centers[i];
      const g = svg("g", { class: isUsed ? "die used" : "die", "data-value": value }, this.gDice);
      const opacity = isUsed ? 0.31 : 1;
      if (!isUsed) svg("rect", { x: x - n / 2 + 1, y: y - n / 2 + 2, width: n, height: n, rx: 10,
        fill: "#000", "fill-opacity": 0.25 }, g);
      svg("rect", { x: x - n / 2, y: y - n / 2, width: n, height: n, rx: 10, fill: face,
        "fill-opacity": opacity, stroke: edge, "stroke-width": isUsed ? 2 : 1 }, g);
      for (const [dx, dy] of PIPS[value]) {
        svg("circle", { cx: x + dx * 0.26 * n, cy: y + dy * 0.26 * n, r: 0.095 * n, fill: pip,
          "fill-opacity": opacity }, g);
      }
    });
  }

  cubeFace(g, [x, y], value, faded) {
    const n = this.L.cube;
    svg("rect", { x: x - n / 2, y: y - n / 2, width: n, height: n, rx: 8, fill: this.C.cube_face,
      "fill-opacity": faded ? 0.84 : 1, stroke: this.C.frame_edge, "stroke-width": 1 }, g);
    svg("text", { x, y, class: String(value).length < 3 ? "cube-num" : "cube-num small",
      fill: this.C.cube_text, "fill-opacity": faded ? 0.67 : 1 }, g, String(value));
  }

  drawCube() {
    const cube = this.view.cube, C = this.C;
    this.clear(this.gCube);
    if (!cube) return;
    const g = this.gCube;
    if (cube.state === "offered") {
      const viewerHalf = this.view.dice_of === "viewer";
      const x = viewerHalf ? this.halfX.right : this.halfX.left;
      const down = cube.owner === "viewer";
      const my = this.L.mid_y;
      const y = my + (down ? 6 : -6);
      const [base, tip] = down ? [my - 9, my + 13] : [my + 9, my - 13];
      for (const ax of [x - 64, x + 64]) {
        svg("polygon", { points: `${ax - 17},${base} ${ax + 17},${base} ${ax},${tip}`,
          fill: C.score, stroke: C.band, "stroke-width": 2 }, g);
      }
      const n = this.L.cube + 12;
      svg("rect", { x: x - n / 2, y: y - n / 2, width: n, height: n, rx: 12, fill: "none",
        stroke: C.band, "stroke-width": 6 }, g);
      svg("rect", { x: x - n / 2 + 1, y: y - n / 2 + 1, width: n - 2, height: n - 2, rx: 11,
        fill: "none", stroke: C.score, "stroke-width": 4 }, g);
      this.cubeFace(g, [x, y], cube.value, false);
      return;
    }
    if (cube.state === "crawford") {
      const [x, y] = this.L.cube_at.center;
      this.cubeFace(g, [x, y], 64, true);
      const a = this.L.cube / 2 - 5;
      for (const [w, color] of [[11, C.band], [6, C.cross]]) {
        svg("path", { d: `M${x - a},${y - a}L${x + a},${y + a}M${x - a},${y + a}L${x + a},${y - a}`,
          stroke: color, "stroke-width": w, "stroke-linecap": "round" }, g);
      }
      return;
    }
    this.cubeFace(g, this.L.cube_at[cube.owner], cube.value > 1 ? cube.value : 64, false);
  }

  // The turn's clock, in the half the dice leave free.
  drawCaption() {
    this.clear(this.gCaption);
    const side = this.ui.clockSide;
    this.clock = null;
    if (!side) return;
    const x = side === "viewer" ? this.halfX.left : this.halfX.right;
    this.clock = svg("text", { x, y: this.L.mid_y, class: "clock", fill: this.C.frame_text },
      this.gCaption, this.ui.clockText || "");
  }

  setClock(text) {
    if (this.clock && this.clock.textContent !== text) this.clock.textContent = text;
  }

  drawBands() {
    const view = this.view, C = this.C, L = this.L;
    this.clear(this.gBands);
    for (const side of SIDES) {
      const [, y0, x1, y1] = L.bands[side];
      const cy = (y0 + y1) / 2;
      const g = svg("g", { class: `band ${side}` }, this.gBands);
      const toMove = view.result ? view.result.winner === side : view.dice_of === side;
      if (toMove) svg("circle", { cx: 41, cy, r: 25, fill: C.score }, g);
      else svg("circle", { cx: 41, cy, r: 22, fill: C.band_muted }, g);
      const chip = svg("use", { href: `#ck-${this.colors[side]}`, x: 0, y: 0 }, g);
      chip.setAttribute("transform", `translate(41 ${cy}) scale(${20 / this.R})`);
      let right = x1 - 16;
      if (view.score) {
        const text = `${view.score[side]}/${view.score.length}`;
        const w = text.length * 16 + 28;
        svg("rect", { x: right - w, y: cy - 20, width: w, height: 40, rx: 20, fill: C.score }, g);
        svg("text", { x: right - w / 2, y: cy, class: "band-num", fill: C.band, "text-anchor": "middle" },
          g, text);
        right -= w + 14;
      }
      const pips = String(view.pips[side]);
      svg("text", { x: right, y: cy, class: "band-num", fill: C.band_muted, "text-anchor": "end" },
        g, pips);
      right -= pips.length * 16 + 8;
      if (this.pipsLabel) {
        svg("text", { x: right, y: cy, class: "band-label", fill: C.band_muted,
          "text-anchor": "end" }, g, this.pipsLabel);
        right -= [...this.pipsLabel].length * 12 + 8;
      }
      right -= 16;
      const room = Math.max(4, Math.floor((right - 80) / 17));
      let name = view.names[side] || "";
      if ([...name].length > room) name = [...name].slice(0, room - 1).join("") + "…";
      svg("text", { x: 80, y: cy, class: "name", fill: toMove ? C.band_text : C.band_muted }, g,
        name);
    }
  }

  drawResult() {
    this.clear(this.gResult);
    const result = this.view.result;
    if (!result) return;
    const C = this.C;
    const [x0, y0, x1, y1] = this.L.result;
    const g = this.gResult;
    svg("rect", { x: x0, y: y0, width: x1 - x0, height: y1 - y0, rx: 18, fill: C.band,
      "fill-opacity": 0.93, stroke: C.score, "stroke-width": 3 }, g);
    const items = [];
    const score = this.view.score;
    const wide = (text, size) => [...text].length * size * 0.72; // DejaVu Sans Bold, about
    if (result.match_over && score) items.push(["text", "♛", 40, C.score, 40]);
    items.push(["chip", this.colors[result.winner], 56]);
    const plus = `+${result.points}`;
    items.push(["text", plus, 40, C.score, wide(plus, 40)]);
    const multiplier = Math.round(result.points / result.cube);
    const kind = result.kind === "plain" ? "" :
      result.kind === "home_mars" ? `⌂×${multiplier}` : `×${multiplier}`;
    if (kind) items.push(["pill", kind, 32, C.band_text, wide(kind, 32) + 28]);
    if (result.cube > 1) items.push(["cube", result.cube, this.L.cube]);
    const mark = REASON_MARK[result.reason] || "";
    if (mark) items.push(["text", mark, 32, C.band_text, wide(mark, 32)]);
    const gap = 18;
    const total = items.reduce((s, it) => s + it[it.length - 1], 0) + gap * (items.length - 1);
    let x = (x0 + x1 - total) / 2;
    const cy = (y0 + y1) / 2;
    for (const item of items) {
      const w = item[item.length - 1];
      const cx = x + w / 2;
      if (item[0] === "chip") {
        svg("circle", { cx, cy, r: 28, fill: C.score }, g);
        const chip = svg("use", { href: `#ck-${item[1]}` }, g);
        chip.setAttribute("transform", `translate(${cx} ${cy}) scale(${26 / this.R})`);
      } else if (item[0] === "cube") {
        this.cubeFace(g, [cx, cy], item[1], false);
      } else if (item[0] === "pill") {
        svg("rect", { x, y: cy - 22, width: w, height: 44, rx: 22, fill: "none", stroke: C.score,
          "stroke-width": 3 }, g);
        svg("text", { x: cx, y: cy, class: "big", "font-size": item[2], fill: item[3] }, g, item[1]);
      } else {
        svg("text", { x: cx, y: cy, class: "big", "font-size": item[2], fill: item[3] }, g, item[1]);
      }
      x += w + gap;
    }
  }

  // Focusable, clickable spots: the movable checkers and the selected one's destinations
  // (the keyboard's way in, and what the browser tests aim at).
  drawFocus() {
    const view = this.view, ui = this.ui;
    this.clear(this.gFocus);
    const movable = ui.movable || {};
    const selected = ui.selected ?? ui.lifted;
    const r = this.reach(); // each spot a finger's size at least
    for (const key in movable) {
      const src = Number(key);
      if (src === ui.lifted) continue;
      const [x, y] = this.top(view, src, "viewer");
      svg("circle", { cx: x, cy: y, r, class: src === selected ? "hit movable selected" :
        "hit movable", tabindex: 0, role: "button", "data-src": src,
      "aria-label": src === 25 ? "25" : String(src), "aria-pressed": String(src === selected) },
      this.gFocus);
    }
    if (selected === null || selected === undefined || !movable[selected]) return;
    for (const key in movable[selected]) {
      const dst = Number(key);
      const [x, y] = this.landing(view, dst, "viewer");
      const attrs = { class: "hit target", tabindex: 0, role: "button", "data-dst": dst,
        "aria-label": `${selected} → ${dst}` };
      if (dst === 0) {
        const [x0, y0, x1, y1] = this.L.slabs.viewer[Math.min(view.off.viewer, 14)];
        const w = Math.max(x1 - x0, 2 * r), h = Math.max(y1 - y0 + 8, 2 * r);
        svg("rect", { ...attrs, x: (x0 + x1 - w) / 2, y: (y0 + y1 - h) / 2, width: w, height: h,
          rx: 5 }, this.gFocus);
      } else {
        svg("circle", { ...attrs, cx: x, cy: y, r }, this.gFocus);
      }
    }
  }

  // -- moving checkers ---------------------------------------------------------------------

  // A drag starts: the viewer's top checker on `src` is lifted off its stack (drawn once
  // without it), its destinations shown; returns the floating checker and where it was.
  lift(src) {
    const at = this.top(this.view, src, "viewer");
    this.ui = { ...this.ui, lifted: src, selected: null };
    this.redrawStack(src, "viewer");
    this.drawTargets();
    this.drawFocus();
    return { node: this.floating("viewer", at), at };
  }

  // A checker of `side` lifted above the board at board coordinates [x, y] (the board's
  // size on screen is read here, once: not while it moves).
  floating(side, [x, y]) {
    const scale = this.el.getBoundingClientRect().width / this.L.width;
    const r = this.R + 3;
    const node = svg("svg", { class: "flying", viewBox: `${-r} ${-r} ${2 * r} ${2 * r}`,
      width: 2 * r * scale, height: 2 * r * scale });
    svg("use", { href: `#ck-${this.colors[side]}` }, node);
    node.flight = { scale, r };
    this.flyLayer.append(node);
    Board.place(node, x, y);
    return node;
  }

  static place(node, x, y) {
    const { scale, r } = node.flight;
    node.style.transform = `translate3d(${(x - r) * scale}px, ${(y - r) * scale}px, 0)`;
  }

  // Slide `node` through `points` (board coordinates), `ms` for each leg.
  static fly(node, from, points, ms) {
    return new Promise((resolve) => {
      if (!points.length || ms <= 0) {
        const end = points.length ? points[points.length - 1] : from;
        Board.place(node, end[0], end[1]);
        resolve();
        return;
      }
      let leg = 0, start = null, a = from;
      const step = (now) => {
        if (start === null) start = now;
        const t = Math.min(1, (now - start) / ms);
        const e = t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
        const b = points[leg];
        Board.place(node, a[0] + (b[0] - a[0]) * e, a[1] + (b[1] - a[1]) * e);
        if (t < 1) {
          requestAnimationFrame(step);
          return;
        }
        a = b;
        leg += 1;
        start = null;
        if (leg < points.length) requestAnimationFrame(step);
        else resolve();
      };
      requestAnimationFrame(step);
    });
  }

}
