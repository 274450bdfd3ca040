// Drawing a seat's view: each game may have its own drawing; every view can be drawn by
// the generic one, which lays out the observation's parts with card names.
import { cards, el, t, word } from "./common.js";

export function cardChip(id, names, extra = "") {
  if (id === null || id === undefined) return el("span", { class: "card hidden", title: "?" }, "?");
  if (typeof id === "object") {
    const name = id.card ? (names[id.card] || id.card) : JSON.stringify(id);
    const bits = Object.entries(id).filter(([k]) => !["card", "inst"].includes(k)).map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(", ") : v}`);
    return el("span", { class: `card ${extra}`, title: bits.join("\n") }, name, bits.length ? el("span", { class: "muted" }, ` ${bits.filter((b) => /^(offense|defense|attack|health|damage|fire|earth|position)/.test(b)).map((b) => b.split(": ")[1]).join("/")}`) : null);
  }
  return el("span", { class: `card ${extra}` }, names[id] || String(id));
}

function isCardList(value) {
  return Array.isArray(value) && value.length > 0 && value.every((x) => x === null || typeof x === "string" || (typeof x === "object" && x !== null && "card" in x));
}

export function generic(value, names, depth = 0) {
  if (value === null || value === undefined) return el("span", { class: "muted" }, "—");
  if (isCardList(value)) return el("div", { class: "cards" }, value.map((c) => cardChip(c, names)));
  if (Array.isArray(value)) {
    if (value.every((x) => typeof x !== "object" || x === null)) return el("span", {}, value.map((x) => (x === null ? "—" : String(x))).join(", ") || "—");
    return el("div", {}, value.map((x, k) => el("div", { class: depth === 0 ? "seat" : "row" }, el("span", { class: "muted" }, `${k + 1}. `), generic(x, names, depth + 1))));
  }
  if (typeof value === "object") {
    return el("dl", { class: "kv" }, Object.entries(value).flatMap(([k, v]) => [el("dt", {}, k), el("dd", {}, generic(v, names, depth + 1))]));
  }
  return el("span", {}, String(value));
}

// --- the games' own drawings ---------------------------------------------------------
const chips = (cards, names, extra = "") => el("div", { class: "cards" }, cards.length ? cards.map((c) => cardChip(c, names, extra)) : el("span", { class: "muted" }, "—"));
const facts = (pairs) => el("dl", { class: "kv" }, pairs.filter(([, v]) => v !== undefined && v !== null).flatMap(([k, v]) => [el("dt", {}, k), el("dd", {}, v)]));
const seatName = (message, s) => message.seats[s]?.label || `${s + 1}`;
const panel = (message, s, title, ...body) => el("section", { class: `seat${message.to_move === s ? " to-move" : ""}`, "data-seat": s }, el("strong", {}, title), ...body);

// A small coloured label on a card (drawn by the style sheet, not by a font's symbols).
const badge = (kind, text, title = "") => el("span", { class: `badge ${kind}`, title }, text);

// A Clash creature: name, attack/health left, and its marks (just summoned, shackles).
function creature(c, names) {
  const abilities = (c.abilities || []).map((a) => word(`ability_${a}_name`, a));
  const held = c.shackled?.length ? `${t("ui_shackled")}: ${c.shackled.map((x) => names[x] || x).join(", ")}` : null;
  return el("span", { class: `card creature${c.new ? " new" : ""}`, "data-card": c.card, title: abilities.join("\n") },
    names[c.card] || c.card, el("span", { class: "muted" }, ` ${c.attack}/${c.health - (c.damage || 0)}`),
    c.new ? badge("new", t("ui_new_creature")) : null,
    held ? badge("held", held) : null);
}

function clash(message, names) {
  const v = message.view;
  const me = message.seat ?? 0;
  const order = [...v.hands.keys()].sort((a, b) => (a === me) - (b === me));  // mine last (nearest)
  const available = new Set(v.available || []);
  const parts = [facts([[t("ui_turn"), v.turn], [t("ui_mana"), v.mana]])];
  order.forEach((s, k) => {
    const fort = v.fortress[s];
    const hand = v.hands[s].map((c, i) => {
      if (c && c.card === "fortress") return el("span", { class: "card public", title: t("ui_fortress") }, `${t(fort?.side === "fort" ? "ui_fort" : "ui_bastion")} ${fort?.health ?? ""}`);
      if (c === null) return cardChip(null, names);
      return cardChip(c, names, s === me && available.has(c.card) ? "public" : "");
    });
    const rows = v.rows[s].map(([lane, side], r) => el("div", { class: "row", "data-row": r }, el("span", { class: "muted" }, t("ui_row", { n: r + 1 })), v.board[lane][side].map((c) => creature(c, names))));
    if (s === me) rows.reverse();
    const champ = v.champions?.[s];
    parts.push(panel(message, s, seatName(message, s),
      el("div", {}, rows),
      champ ? el("div", { class: "champion" }, el("span", { class: "muted" }, `${t("ui_champion")}: `),
        el("span", { class: `card champ-${champ.state}`, "data-champion": champ.card }, names[champ.card] || champ.card),
        el("span", { class: "muted" }, ` ${t(`ui_champ_${champ.state}`)}`)) : null,
      el("div", {}, el("span", { class: "muted" }, `${t("ui_hand")}: `), el("div", { class: "cards" }, hand)),
      s === me && available.size ? el("div", { class: "muted" }, `${t("ui_available")}: ${[...available].map((c) => names[c] || c).join(", ")}`) : null));
    if (k === order.length - 2) parts.push(el("div", { class: "bridge" }, `— ${t("ui_bridge")} —`));
  });
  return el("div", {}, parts);
}

function epic(message, names) {
  const v = message.view;
  const me = message.seat ?? 0;
  const attacking = new Set(v.attackers), blocking = new Set(v.blockers);
  const champion = (c) => {
    const combat = attacking.has(c.inst) ? "attacking" : blocking.has(c.inst) ? "blocking" : null;
    const state = [t(`ui_${c.position}`), combat ? t(`ui_${combat}`) : null, c.arriving ? t("ui_arriving") : null, ...(c.keywords || []).map((k) => word(`kw_${k}`, k))].filter(Boolean).join(", ");
    return el("span", { class: `card ${c.position}${combat ? ` ${combat}` : ""}`, title: state, "data-position": c.position },
      names[c.card] || c.card, el("span", { class: "muted" }, ` ${c.offense}/${c.defense}${c.damage ? ` −${c.damage}` : ""} · ${state}`),
      combat ? badge(combat, t(`ui_${combat}`)) : null);
  };
  const parts = [facts([[t("ui_turn"), v.turn], [t("ui_window"), word(`step_${v.window}`, v.window, { seat: seatName(message, v.active) })], [t("ui_initiative"), seatName(message, v.initiative)],
    [t("ui_attackers"), v.attackers.length ? v.attackers.length : null], [t("ui_blockers"), v.blockers.length ? v.blockers.length : null]])];
  const order = [...v.health.keys()].sort((a, b) => (a === me) - (b === me));
  for (const s of order) {
    const hand = Array.isArray(v.hands[s]) && v.hands[s].length && typeof v.hands[s][0] === "object" ? v.hands[s] : null;
    parts.push(panel(message, s, seatName(message, s),
      facts([[t("ui_health"), v.health[s]], [t("ui_gold"), v.gold[s] ? "●" : "○"], [t("ui_deck"), v.deck_sizes[s]], [t("ui_hand"), v.hand_sizes[s]]]),
      el("div", { class: "cards" }, v.play[s].length ? v.play[s].map(champion) : el("span", { class: "muted" }, "—")),
      hand ? el("div", {}, el("span", { class: "muted" }, `${t("ui_hand")}: `), chips(hand, names)) : (v.hands[s].length ? chips(v.hands[s], names, "public") : null),
      el("details", {}, el("summary", {}, `${t("ui_discard")} (${v.discards[s].length})`), chips(v.discards[s], names))));
  }
  return el("div", {}, parts);
}

function bluemoon(message, names) {
  const v = message.view;
  const me = message.seat ?? 0;
  // A card in play: its name and printed values (fire, earth), struck through once
  // it no longer counts (inactive), its target named on hover.
  const card = (c) => {
    const printed = cards[c.card] || {};
    const valued = printed.fire !== null && printed.fire !== undefined;
    const hover = [c.active ? null : t("ui_inactive"), c.aim ? `→ ${names[c.aim] || c.aim}` : null].filter(Boolean).join("\n");
    return el("span", { class: `card${c.active ? " public" : " inactive"}`, "data-card": c.card, title: hover }, names[c.card] || c.card,
      valued ? badge("fire", printed.fire, word("fire", "fire")) : null, valued ? badge("earth", printed.earth, word("earth", "earth")) : null);
  };
  const element = v.element ? badge(v.element, word(v.element, v.element)) : null;
  const parts = [facts([[t("ui_fight"), v.fight], [t("ui_element"), element], [t("ui_dragons"), v.dragons.join(" : ")], [t("ui_crystals"), v.crystals.join(" : ")]])];
  for (const s of [1 - me, me]) {
    const hand = message.seat === s ? v.hand : null;
    parts.push(panel(message, s, `${seatName(message, s)} · ${word(`people_${v.peoples[s]}`, v.peoples[s] || "")}`,
      facts([[t("ui_totals"), v.totals[s]], [t("ui_deck"), v.deck_sizes[s]], [t("ui_hand"), v.hand_sizes[s]], [t("ui_leader"), v.leaders_top[s] ? names[v.leaders_top[s]] || v.leaders_top[s] : null]]),
      el("div", {}, el("span", { class: "muted" }, `${t("ui_combat")}: `), el("div", { class: "cards" }, v.combat[s].map(card))),
      el("div", {}, el("span", { class: "muted" }, `${t("ui_support")}: `), el("div", { class: "cards" }, v.support[s].map(card))),
      hand ? el("div", {}, el("span", { class: "muted" }, `${t("ui_hand")}: `), chips(hand, names)) : null));
  }
  return el("div", {}, parts);
}

function boss(message, names) {
  const v = message.view;
  const parts = [facts([[t("ui_boss"), `${v.boss} / ${v.boss_max}`], [t("ui_shield"), v.shield || null], [t("ui_turn"), v.turn], [t("ui_phase"), word(`phase_${v.phase}`, v.phase)]])];
  if (v.stack.length) parts.push(el("div", {}, `${t("ui_stack")}: `, generic(v.stack, names, 1)));
  v.players.forEach((p, s) => {
    parts.push(panel(message, s, `${seatName(message, s)} · ${word(`deck_title_${p.deck_name}`, p.deck_name)}`,
      facts([[t("ui_resources"), `${p.filled}/${p.slots} (+${p.extra}), max ${p.max_resources}`], [t("ui_deck"), p.deck_size], [t("ui_hand"), p.hand_size]]),
      el("div", {}, el("span", { class: "muted" }, `${t("ui_field")}: `), chips(p.field, names)),
      p.hand ? el("div", {}, el("span", { class: "muted" }, `${t("ui_hand")}: `), chips(p.hand, names)) : null,
      el("details", {}, el("summary", {}, `${t("ui_grave")} (${p.grave.length})`), chips(p.grave, names))));
  });
  return el("div", {}, parts);
}

const DRAWINGS = { clash, epic, bluemoon, boss };

export function drawBoard(message, names) {
  const own = DRAWINGS[message.game];
  if (own) {
    try { return own(message, names); } catch (e) { console.error(e); }
  }
  return generic(message.view, names);
}
