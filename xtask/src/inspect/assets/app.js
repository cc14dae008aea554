// acmotion motion inspector: the page. Plain JavaScript, no build step; every number it shows
// comes from the server's JSON API (the crates), this file only lays it out.
"use strict";

const $ = (sel) => document.querySelector(sel);
const SVG_NS = "http://www.w3.org/2000/svg";

const state = {
  tables: [],
  table: null, // the TableView of the selected table
  style: null, // the selected style's id
};

// ---------------------------------------------------------------- helpers

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else e.setAttribute(k, v);
  }
  for (const c of children) e.append(c);
  return e;
}

function svgEl(tag, attrs = {}) {
  const e = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
}

/** Fetches JSON; a non-2xx answer throws its `error` message. */
async function api(path, options = {}) {
  let response;
  try {
    response = await fetch(path, options);
  } catch (e) {
    throw new Error(`the inspector server does not answer (${e.message}); is it still running?`);
  }
  const text = await response.text();
  let body = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch (_) {
    body = null;
  }
  if (!response.ok) {
    const message = body && body.error ? body.error : text || response.statusText;
    throw new Error(`${message} (HTTP ${response.status})`);
  }
  return body;
}

function showError(box, message) {
  box.textContent = message;
  box.hidden = !message;
}

const vec = (v) => (v ? v.map((x) => +x.toFixed(3)).join(", ") : "–");
const anims = (d) =>
  d.anims.map((a) => `${a.anim} [${a.low}..${a.high}] @${a.framerate}`).join(", ") || "none";

// ---------------------------------------------------------------- tabs

function showTab(name) {
  for (const b of document.querySelectorAll(".tabs button")) {
    b.classList.toggle("active", b.dataset.tab === name);
  }
  for (const t of document.querySelectorAll(".tab")) t.hidden = t.id !== `tab-${name}`;
}

for (const b of document.querySelectorAll(".tabs button")) {
  b.addEventListener("click", () => showTab(b.dataset.tab));
}

// ---------------------------------------------------------------- table list

function renderTableList() {
  const q = $("#table-search").value.trim().toLowerCase();
  const min = /^>\s*(\d+)$/.exec(q);
  const tbody = $("#table-list tbody");
  tbody.replaceChildren();
  let shown = 0;
  for (const t of state.tables) {
    const match = min
      ? t.cycles > +min[1]
      : !q || t.id.toLowerCase().includes(q) || (t.default_style || "").toLowerCase().includes(q);
    if (!match) continue;
    shown++;
    const row = el(
      "tr",
      { "data-id": t.id, class: t.ok ? "" : "broken", title: t.error || `${t.styles} styles` },
      el("td", { text: t.id }),
      el("td", { text: t.ok ? t.default_style : "does not parse" }),
      el("td", { text: t.cycles }),
      el("td", { text: t.links }),
      el("td", { text: t.modifiers })
    );
    if (state.table && state.table.id === t.id) row.classList.add("selected");
    row.addEventListener("click", () => selectTable(t.id));
    tbody.append(row);
  }
  $("#table-count").textContent = q ? `(${shown} of ${state.tables.length})` : `(${state.tables.length})`;
}

$("#table-search").addEventListener("input", renderTableList);

async function selectTable(id) {
  const banner = $("#error");
  try {
    const t = await api(`/api/tables/${encodeURIComponent(id)}`);
    showError(banner, "");
    state.table = t;
    renderTableList();
    $("#table-hint").hidden = true;
    $("#table-body").hidden = false;
    $("#table-title").textContent = `${t.id} · default style ${t.default_style.name} · ${t.styles.length} styles`;
    $("#r-table").value = t.id;
    fillDatalists(t);
    selectStyle(t.styles.length ? t.styles[0].style.id : null);
    showTab("table");
  } catch (e) {
    showError(banner, `table ${id}: ${e.message}`);
  }
}

function fillDatalists(t) {
  const motions = new Set();
  for (const s of t.styles) {
    for (const c of s.cycles) motions.add(c.motion.name);
    for (const l of s.links) motions.add(l.to.name);
    for (const m of s.modifiers) motions.add(m.motion.name);
  }
  motions.delete("*");
  $("#motions-list").replaceChildren(...[...motions].sort().map((m) => el("option", { value: m })));
  $("#styles-list").replaceChildren(...t.styles.map((s) => el("option", { value: s.style.name })));
}

// ---------------------------------------------------------------- table graph

function selectStyle(styleId) {
  state.style = styleId;
  const t = state.table;
  const strip = $("#style-strip");
  strip.replaceChildren();
  for (const s of t.styles) {
    const b = el("button", { type: "button", "data-style": s.style.name });
    b.append(s.style.name, " ", el("span", { class: "sub", text: `→ ${s.default_substate ? s.default_substate.name : "?"} · ${s.cycles.length}` }));
    if (s.is_default) b.title = "the table's default style";
    if (s.style.id === styleId) b.classList.add("active");
    b.addEventListener("click", () => selectStyle(s.style.id));
    strip.append(b);
  }
  const style = t.styles.find((s) => s.style.id === styleId);
  drawGraph(style);
  const mods = $("#modifiers tbody");
  mods.replaceChildren();
  // The resolver looks a modifier up with the style first, then style-less: both rows show.
  const keyed = [...(style ? style.modifiers.map((m) => [m, `${style.style.name} (${m.key})`]) : []), ...t.modifiers.map((m) => [m, `any style (${m.key})`])];
  for (const [m, key] of keyed) {
    mods.append(
      el("tr", {}, el("td", { text: m.motion.name }), el("td", { class: "mono", text: key }), el("td", { text: vec(m.velocity) }), el("td", { text: vec(m.omega) }), el("td", { class: "mono", text: anims(m) }))
    );
  }
  if (!mods.children.length) mods.append(el("tr", {}, el("td", { colspan: 5, class: "muted", text: "none" })));
}

/** Lays the style's motions on rings around its default substate and draws its links. */
function drawGraph(style) {
  const svg = $("#graph");
  svg.replaceChildren();
  svg.classList.remove("focus");
  if (!style) return;
  const nodes = new Map(); // name -> node
  const node = (named, kind) => {
    let n = nodes.get(named.name);
    if (!n) {
      n = { name: named.name, id: named.id, kind, edges: [], data: null };
      nodes.set(named.name, n);
    }
    return n;
  };
  const defaultName = style.default_substate ? style.default_substate.name : null;
  for (const c of style.cycles) {
    const n = node(c.motion, c.motion.name === defaultName ? "default" : "cycle");
    n.data = c;
  }
  const isStyle = (id) => (parseInt(id, 16) >>> 0) >= 0x80000000;
  // One edge per pair of motions: a link each way is one line with two arrow heads.
  const pairs = new Map();
  for (const l of style.links) {
    const from = node(l.from, l.from.name === "*" ? "wild" : "target");
    const to = node(l.to, isStyle(l.to.id) ? "style" : "target");
    if (from === to) continue;
    const key = [from.name, to.name].sort().join("\u0000");
    let e = pairs.get(key);
    if (!e) {
      e = { from, to, links: [], both: false };
      pairs.set(key, e);
      from.edges.push(e);
      to.edges.push(e);
    } else if (e.from !== from) {
      e.both = true;
    }
    e.links.push(l);
  }
  const edges = [...pairs.values()];
  // Rings: the default substate in the middle, its link neighbours around it, the rest outside.
  const centre = nodes.get(defaultName) || nodes.values().next().value;
  const near = new Set();
  if (centre) for (const e of centre.edges) near.add(e.from === centre ? e.to : e.from);
  // Around each ring: cycles, then other link targets, then styles, each by name.
  const order = { default: 0, cycle: 0, target: 1, style: 2, wild: 3 };
  const byKind = (a, b) => order[a.kind] - order[b.kind] || a.name.localeCompare(b.name);
  const ring1 = [...nodes.values()].filter((n) => n !== centre && near.has(n) && n.kind !== "wild").sort(byKind);
  const ring2 = [...nodes.values()].filter((n) => n !== centre && !near.has(n) && n.kind !== "wild").sort(byKind);
  const wild = nodes.get("*");
  const sizeOf = (n) => {
    const phys = n.data && (n.data.velocity || n.data.omega);
    return { w: Math.max(46, n.name.length * 6.4 + 14), h: phys ? 30 : 18 };
  };
  // Crowded rings alternate three radii, so neighbours' labels do not touch.
  const perNode = 44;
  const r1 = Math.max(150, (ring1.length * perNode) / (2 * Math.PI));
  const r2 = Math.max(r1 + 150, (ring2.length * perNode) / (2 * Math.PI));
  // Each motion goes on its ring and, when its box would touch one already placed (wide
  // labels crowd the top and bottom of a ring), moves outwards until it is clear.
  const placed = [];
  const clear = (n) => {
    const a = sizeOf(n);
    return placed.every((m) => {
      const b = sizeOf(m);
      return Math.abs(m.x - n.x) >= (a.w + b.w) / 2 + 4 || Math.abs(m.y - n.y) >= (a.h + b.h) / 2 + 4;
    });
  };
  const put = (n, x, y) => {
    Object.assign(n, { x, y });
    placed.push(n);
  };
  const place = (ring, r) =>
    ring.forEach((n, i) => {
      const a = (2 * Math.PI * i) / ring.length - Math.PI / 2;
      let rr = r + (ring.length > 12 ? (i % 3) * 30 : 0);
      for (let tries = 0; tries < 12; tries++, rr += 22) {
        Object.assign(n, { x: rr * Math.cos(a), y: rr * Math.sin(a) });
        if (clear(n)) break;
      }
      put(n, n.x, n.y);
    });
  if (centre) put(centre, 0, 0);
  if (wild) put(wild, 0, -Math.min(90, r1 * 0.55));
  place(ring1, r1);
  place(ring2, r2);
  // The picture is the placed boxes' extent plus a margin.
  const margin = 40;
  let [x0, y0, x1, y1] = [0, 0, 0, 0];
  for (const n of placed) {
    const { w, h } = sizeOf(n);
    [x0, y0, x1, y1] = [Math.min(x0, n.x - w / 2), Math.min(y0, n.y - h / 2), Math.max(x1, n.x + w / 2), Math.max(y1, n.y + h / 2)];
  }
  for (const n of placed) Object.assign(n, { x: n.x - x0 + margin, y: n.y - y0 + margin });
  const width = x1 - x0 + 2 * margin;
  const height = y1 - y0 + 2 * margin;
  const size = Math.max(width, height);
  const cx = centre ? centre.x : width / 2;
  const cy = centre ? centre.y : height / 2;
  svg.setAttribute("width", width);
  svg.setAttribute("height", height);
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  const defs = svgEl("defs");
  const marker = svgEl("marker", { id: "arrow", viewBox: "0 0 10 10", refX: 10, refY: 5, markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse" });
  marker.append(svgEl("path", { d: "M0,0 L10,5 L0,10 z", fill: "#8a94a3" }));
  defs.append(marker);
  svg.append(defs);
  const edgeLayer = svgEl("g");
  const nodeLayer = svgEl("g");
  svg.append(edgeLayer, nodeLayer);
  // An edge ends on the border of its target's box, so the arrow head shows.
  const border = (from, to) => {
    const { w, h } = sizeOf(to);
    const dx = to.x - from.x;
    const dy = to.y - from.y;
    const t = Math.min(Math.abs(dx) > 1e-6 ? w / 2 / Math.abs(dx) : Infinity, Math.abs(dy) > 1e-6 ? h / 2 / Math.abs(dy) : Infinity);
    return [to.x - dx * Math.min(t, 1), to.y - dy * Math.min(t, 1)];
  };
  for (const e of edges) {
    const [x1, y1] = e.both ? border(e.to, e.from) : [e.from.x, e.from.y];
    const [x2, y2] = border(e.from, e.to);
    const line = svgEl("line", { x1, y1, x2, y2, class: "edge", "marker-end": "url(#arrow)" });
    if (e.both) line.setAttribute("marker-start", "url(#arrow)");
    const title = svgEl("title");
    title.textContent = e.links
      .map((l) => `link ${l.from.name} → ${l.to.name}: ${anims(l)}${l.velocity ? `, velocity ${vec(l.velocity)}` : ""}`)
      .join("\n");
    line.append(title);
    e.el = line;
    edgeLayer.append(line);
  }
  for (const n of nodes.values()) {
    const { w, h } = sizeOf(n);
    const g = svgEl("g", { class: `node ${n.kind}`, transform: `translate(${n.x - w / 2},${n.y - h / 2})`, "data-motion": n.name });
    g.append(svgEl("rect", { width: w, height: h, rx: 4 }));
    const label = svgEl("text", { x: w / 2, y: 13, "text-anchor": "middle" });
    label.textContent = n.name;
    g.append(label);
    if (h > 18) {
      const phys = svgEl("text", { x: w / 2, y: 26, "text-anchor": "middle", class: "phys" });
      const d = n.data;
      phys.textContent = d.velocity ? `v ${vec(d.velocity)}` : `ω ${vec(d.omega)}`;
      g.append(phys);
    }
    g.addEventListener("mouseenter", () => focusNode(svg, n));
    g.addEventListener("mouseleave", () => svg.classList.remove("focus"));
    g.addEventListener("click", () => detail(n, style));
    n.el = g;
    nodeLayer.append(g);
  }
  // Shown whole when that keeps labels readable, else at full size around the default.
  const wrap = $("#graph-wrap");
  const fit = Math.min(wrap.clientWidth, 636) / size;
  zoomGraph(fit >= 0.7 ? "fit" : "full");
  wrap.scrollLeft = Math.max(0, cx - wrap.clientWidth / 2);
  wrap.scrollTop = Math.max(0, cy - wrap.clientHeight / 2);
}

function zoomGraph(mode) {
  const svg = $("#graph");
  const [, , width, height] = svg.getAttribute("viewBox").split(" ").map(Number);
  const wrap = $("#graph-wrap");
  // The wrapper scrolls at 640 px (style.css); "fit" shows the whole picture inside it.
  const scale = mode === "fit" ? Math.min(1, (wrap.clientWidth - 2) / width, 636 / height) : 1;
  svg.setAttribute("width", width * scale);
  svg.setAttribute("height", height * scale);
}

$("#graph-fit").addEventListener("click", () => zoomGraph("fit"));
$("#graph-full").addEventListener("click", () => zoomGraph("full"));

function focusNode(svg, n) {
  svg.classList.add("focus");
  for (const e of svg.querySelectorAll(".hot")) e.classList.remove("hot");
  n.el.classList.add("hot");
  for (const e of n.edges) {
    e.el.classList.add("hot");
    e.from.el.classList.add("hot");
    e.to.el.classList.add("hot");
  }
  detail(n, null);
}

function detail(n, style) {
  const box = $("#node-detail");
  box.classList.remove("muted");
  box.replaceChildren();
  const kind = { default: "style default substate (cycle)", cycle: "cycle", target: "link target", style: "style", wild: "any substate of the style" }[n.kind];
  box.append(el("b", { text: `${n.name} ` }), el("span", { class: "muted", text: `${n.id} · ${kind}` }));
  if (n.data) {
    box.append(el("div", { class: "mono", text: `animations ${anims(n.data)} · velocity ${vec(n.data.velocity)} · omega ${vec(n.data.omega)} · bitfield ${n.data.bitfield}` }));
  }
  const links = n.edges.flatMap((e) => e.links);
  const outs = links.filter((l) => l.from.name === n.name).map((l) => l.to.name);
  const ins = links.filter((l) => l.to.name === n.name).map((l) => l.from.name);
  box.append(el("div", { text: `links out: ${outs.join(", ") || "none"} · links in: ${ins.join(", ") || "none"}` }));
  if (style && n.kind !== "wild") {
    const use = (field) => {
      const b = el("button", { type: "button", text: field === "from" ? "resolve from here" : "resolve to here" });
      b.addEventListener("click", () => {
        $("#r-style").value = state.table.styles.find((s) => s.style.id === state.style).style.name;
        $(field === "from" ? "#r-from" : "#r-command").value = n.name;
        showTab("resolve");
      });
      return b;
    };
    box.append(el("div", {}, use("from"), " ", use("command")));
  }
}

// ---------------------------------------------------------------- playback

/**
 * A timeline SVG from the server with a play head: the SVG's root publishes its time axis in
 * data-t0/t1 (s) ↔ data-x0/x1 (user units) and its cursor span data-y0/y1; the path panel its
 * map (data-px0, data-py0, data-scale, data-minx, data-maxy).
 */
function player(container, svgText, timeline) {
  container.replaceChildren();
  const play = el("button", { type: "button", class: "play", text: "▶ play" });
  const scrub = el("input", { type: "range", min: 0, max: 1000, value: 0, class: "scrub", "aria-label": "time" });
  const clock = el("span", { class: "clock" });
  const wrap = el("div", { class: "svg-wrap" });
  container.append(el("div", { class: "controls" }, play, scrub, clock), wrap);
  wrap.innerHTML = svgText;
  const svg = wrap.querySelector("svg");
  const num = (node, k) => parseFloat(node.getAttribute(`data-${k}`));
  const t0 = num(svg, "t0");
  const t1 = num(svg, "t1");
  const x0 = num(svg, "x0");
  const x1 = num(svg, "x1");
  const cursor = svgEl("line", { y1: num(svg, "y0"), y2: num(svg, "y1"), stroke: "#d0021b", "stroke-width": 1.5, class: "cursor" });
  svg.append(cursor);
  const panel = svg.querySelector("#path-panel");
  let dot = null;
  if (panel) {
    dot = svgEl("circle", { r: 6, fill: "#d0021b", stroke: "#fff", "stroke-width": 1.5, class: "cursor-dot" });
    panel.append(dot);
  }
  const path = timeline.path;
  const at = (t) => {
    // The last path point at or before t, interpolated towards the next.
    let lo = 0;
    let hi = path.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (path[mid].t <= t) lo = mid;
      else hi = mid - 1;
    }
    const a = path[lo];
    const b = path[Math.min(lo + 1, path.length - 1)];
    const f = b.t > a.t ? Math.min(1, Math.max(0, (t - a.t) / (b.t - a.t))) : 0;
    return { x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f, p: a };
  };
  const playingAt = (t) =>
    timeline.bars
      .filter((b) => b.kind === "playing" && b.t0 <= t && t <= b.t1)
      .map((b) => {
        const row = timeline.rows[b.row];
        const f = b.t1 > b.t0 ? b.frame_from + ((b.frame_to - b.frame_from) * (t - b.t0)) / (b.t1 - b.t0) : b.frame_to;
        const use = row.uses.length ? ` (${row.uses[0]})` : "";
        return `0x${row.anim_id.toString(16).toUpperCase().padStart(8, "0")} frame ${f.toFixed(1)}${use}`;
      })
      .slice(0, 1);
  let t = 0;
  const show = (time) => {
    t = Math.min(t1, Math.max(t0, time));
    const x = x0 + ((t - t0) / (t1 - t0 || 1)) * (x1 - x0);
    cursor.setAttribute("x1", x);
    cursor.setAttribute("x2", x);
    scrub.value = Math.round(((t - t0) / (t1 - t0 || 1)) * 1000);
    let where = "";
    if (dot && path.length) {
      const p = at(t);
      dot.setAttribute("cx", num(panel, "px0") + (p.x - num(panel, "minx")) * num(panel, "scale"));
      dot.setAttribute("cy", num(panel, "py0") + (num(panel, "maxy") - p.y) * num(panel, "scale"));
      where = ` · ${p.p.substate} · at ${p.x.toFixed(2)}, ${p.y.toFixed(2)} heading ${p.p.heading.toFixed(0)}°`;
    }
    const playing = playingAt(t);
    clock.textContent = `t = ${t.toFixed(3)} s${where}${playing.length ? ` · playing ${playing[0]}` : ""}`;
  };
  let raf = null;
  let startWall = 0;
  let startT = 0;
  const stop = () => {
    if (raf) cancelAnimationFrame(raf);
    raf = null;
    play.textContent = "▶ play";
  };
  const tick = (now) => {
    const time = startT + (now - startWall) / 1000;
    show(time);
    if (time >= t1) stop();
    else raf = requestAnimationFrame(tick);
  };
  play.addEventListener("click", () => {
    if (raf) return stop();
    startT = t >= t1 ? t0 : t;
    startWall = performance.now();
    play.textContent = "❚❚ pause";
    raf = requestAnimationFrame(tick);
  });
  scrub.addEventListener("input", () => {
    stop();
    show(t0 + (scrub.value / 1000) * (t1 - t0));
  });
  show(t0);
  return { show };
}

// ---------------------------------------------------------------- resolve

/** What kind of step an explanation event is, for its colour and badge. */
function stepKind(e) {
  switch (e.event) {
    case "cycle":
    case "modifier":
      return e.found ? "hit" : "miss";
    case "link":
      return e.found === "found" ? "hit" : "miss";
    case "style_default":
      return e.substate ? "hit" : "miss";
    case "branch":
      return "branch";
    case "fell_through":
    case "refused":
      return "refused";
    case "queue":
    case "anim":
      return e.event;
    case "call":
    case "return":
      return "call";
    default:
      return "other";
  }
}

/**
 * The resolver's decisions, one per line, indented by call nesting (the server sends each
 * event's own one-line text, its nesting depth and the event itself).
 */
function renderExplanation(list, explanation) {
  list.replaceChildren();
  if (!explanation || !explanation.length) {
    list.append(el("li", { class: "muted", text: "no explanation was returned for this resolution" }));
    return;
  }
  for (const step of explanation) {
    const kind = stepKind(step.event);
    const li = el("li", { class: `step ${kind}`, "data-event": step.event.event, style: `margin-left: ${step.depth * 18}px` });
    if (kind === "hit" || kind === "miss") li.append(el("span", { class: `badge ${kind}`, text: kind }));
    li.append(el("span", { class: "text", text: step.text }));
    list.append(li);
  }
}

$("#resolve-form").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const box = $("#resolve-error");
  const button = $("#r-go");
  const form = new FormData(ev.target);
  const body = {
    table: form.get("table"),
    style: form.get("style") || null,
    from: form.get("from") || null,
    command: form.get("command"),
    speed: form.get("speed") === "" ? null : Number(form.get("speed")),
    fidelity: form.get("fidelity"),
    seconds: form.get("seconds") === "" ? null : Number(form.get("seconds")),
  };
  button.disabled = true;
  button.textContent = "Resolving…";
  try {
    const r = await api("/api/resolve", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    showError(box, "");
    renderResolution(r);
  } catch (e) {
    showError(box, e.message);
    $("#resolve-result").hidden = true;
  } finally {
    button.disabled = false;
    button.textContent = "Resolve";
  }
});

function renderResolution(r) {
  $("#resolve-result").hidden = false;
  const summary = $("#resolve-summary");
  summary.className = `summary ${r.ok ? "ok" : "refused"}`;
  summary.replaceChildren(
    el("b", { text: `${r.before.style.name}/${r.before.substate.name} → ${r.command.name} ×${r.speed} (${r.fidelity}): ` }),
    r.ok ? `accepted → ${r.after.style.name}/${r.after.substate.name}` : `refused with ${r.result}`,
    el("span", { class: "muted", text: ` · sequence velocity ${vec(r.velocity)} m/s, omega ${vec(r.omega)} rad/s${r.after.modifiers.length ? ` · modifiers ${r.after.modifiers.map((m) => m.name).join(", ")}` : ""}` })
  );
  renderExplanation($("#explanation"), r.explanation);
  const tbody = $("#queued tbody");
  tbody.replaceChildren();
  r.queued.forEach((q, i) => {
    tbody.append(
      el(
        "tr",
        { class: q.current ? "current" : "", "data-anim": q.anim },
        el("td", { text: i }),
        el("td", { class: "mono anim", text: q.anim }),
        el("td", { text: `${q.low}..${q.high}` }),
        el("td", { text: +q.framerate.toFixed(3) }),
        el("td", { text: `${q.cyclic ? "cycle" : "link"}${q.current ? " ▶" : ""}` }),
        el("td", { text: q.uses.join(", ") || "–" })
      )
    );
  });
  if (!r.queued.length) tbody.append(el("tr", {}, el("td", { colspan: 6, class: "muted", text: "the list is empty" })));
  player($("#resolve-player"), r.svg, r.timeline);
}

// ---------------------------------------------------------------- scenario

$("#scenario-file").addEventListener("change", async (ev) => {
  const f = ev.target.files[0];
  if (!f) return;
  $("#scenario-text").value = await f.text();
});

$("#scenario-example").addEventListener("click", async () => {
  try {
    const r = await api("/api/scenario/example");
    $("#scenario-text").value = r.text;
  } catch (e) {
    showError($("#scenario-error"), e.message);
  }
});

$("#scenario-run").addEventListener("click", async () => {
  const box = $("#scenario-error");
  const fidelity = $("#s-fidelity").value;
  try {
    const r = await api(`/api/scenario?fidelity=${encodeURIComponent(fidelity)}`, {
      method: "POST",
      headers: { "content-type": "text/plain; charset=utf-8" },
      body: $("#scenario-text").value,
    });
    showError(box, r.error ? `the scenario stops at line ${r.error_line}: ${r.error}` : "");
    $("#scenario-result").hidden = false;
    $("#scenario-trace").textContent = r.trace;
    player($("#scenario-player"), r.svg, r.timeline);
  } catch (e) {
    showError(box, e.message);
    $("#scenario-result").hidden = true;
  }
});

// ---------------------------------------------------------------- start

/** `#table=0x09000001&from=Ready&command=RunForward[&tab=…]` preselects (and resolves). */
async function fromHash() {
  const h = new URLSearchParams(location.hash.slice(1));
  if (h.get("table")) await selectTable(h.get("table"));
  for (const k of ["style", "from", "command", "speed", "fidelity", "seconds"]) {
    if (h.get(k) !== null) $(`#r-${k}`).value = h.get(k);
  }
  if (h.get("command")) {
    showTab("resolve");
    $("#resolve-form").requestSubmit();
  }
  if (h.get("style") && state.table) {
    const s = state.table.styles.find((x) => x.style.name === h.get("style"));
    if (s) selectStyle(s.style.id);
  }
  if (h.get("tab")) showTab(h.get("tab"));
}

(async function start() {
  try {
    const info = await api("/api/info");
    $("#source").textContent = `${info.source} · ${info.tables} motion tables`;
    $("#source").title = info.source;
    if (info.directory_errors.length) showError($("#error"), info.directory_errors.join("\n"));
    $("#r-speed").title = `within ±${info.max_speed}`;
    $("#r-seconds").title = `up to ${info.max_seconds} s`;
    state.tables = await api("/api/tables");
    renderTableList();
    if (info.default_table) $("#r-table").value = info.default_table;
    await fromHash();
  } catch (e) {
    showError($("#error"), e.message);
  }
})();
