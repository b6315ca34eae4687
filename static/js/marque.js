// A deal's marque counted on the phone while offline, labelled provisional:
// the server decides. Mirrors forms/entry.py and scoring/countings.py; see
// display/provisional.py, tests/tournaments/display/test_provisional_marque.py
// and tests/js/marque_generale.test.js (la générale, case by case).
(function (root) {
  const round = (x) => Math.floor((x + 5) / 10) * 10;
  const down5 = (x) => Math.floor((x + 4) / 10) * 10;
  const CLASSIC = 0, COINCHE = 1, FAITS_ANNONCES = 2, ANNONCES = 4;
  const COMPLEMENT = 2;
  const CONTRACT_ONLY = 1, POINTS_MULTIPLIED = 2; // coinche_count, as scoring/compiled.py codes it
  const ZERO = 1, DEFENCE_MULTIPLIED = 2, PRODUCT_ROUNDED = 3; // coinche_defence, likewise
  const NEAREST = 1;
  const GENERALE_CONTRACT = 2; // generale, likewise

  const own = (map, key) => (Object.prototype.hasOwnProperty.call(map, key) ? map[key] : undefined);
  const side = (P, text, passed) => {
    const value = text.trim().toLowerCase().replace(/[-– ]/g, "");
    if (!value) return "";
    if (passed && ["p", "passe", "pass"].includes(value)) return "";
    if (own(P.sides, value)) return P.sides[value];
    if (value.length !== 1) return null;
    if (value === "a") return "A";
    if (value === "b") return "B";
    return own(P.keys.taker, value) || null;
  };
  const trump = (P, text) => {
    const value = text.trim();
    if (!value) return "";
    if (own(P.keys.signs, value)) return P.keys.signs[value];
    if (["SA", "TA"].includes(value.toUpperCase())) return value.toUpperCase();
    return value.length === 1 ? own(P.keys.trump, value.toLowerCase()) || null : null;
  };
  const coinche = (text) => {
    const value = text.trim().toLowerCase().replace(/[×*]/g, "x");
    if (!value || ["0", "non", "no", "-"].includes(value)) return 0;
    if (value[0] === "x" && /^\d+$/.test(value.slice(1))) return value.slice(1) === "2" ? 1 : 2;
    return own({ x: 1, 1: 1, 2: 1, xx: 2, 4: 2, 3: 2 }, value) ?? null;
  };
  const belote = (P, text) => {
    const value = text.trim().toLowerCase().replace(/[- ]/g, "");
    if (!value) return [0, 0];
    const words = text.trim().toLowerCase().split(/\s+/);
    if (words.every((w) => own(P.shown, w))) {
      const a = words.filter((w) => P.shown[w] === "A").length;
      return [a, words.length - a];
    }
    let a = 0, b = 0;
    for (const letter of value) {
      const s = own(P.keys.taker, letter);
      if (!s) return null;
      if (s === "A") a += 1; else b += 1;
    }
    return [a, b];
  };
  const number = (text, digits, blank) => {
    if (!text) return undefined;
    const value = text.trim();
    if (!value) return blank;
    return new RegExp(`^\\d{1,${digits}}$`).test(value) ? Number(value) : null;
  };

  const read = (cells, P) => {
    const get = (name) => String(cells[name] ?? "");
    // An empty row is no deal (forms/entry.py, ROW_CELLS): no marque.
    const cellNames = ["taker", "trump", "bid", "points", "coinche", "belote", "capot", "announce_a", "announce_b"];
    if (!cellNames.some((name) => get(name).trim())) return null;
    const taker = side(P, get("taker"), true);
    const t = trump(P, get("trump"));
    let points = number(get("points"), 4, null);
    // « GN »: one player of N-S took the eight tricks alone, a capot of N-S.
    const capotText = get("capot").trim();
    const alone = P.generale && capotText.length > 1 && capotText[0].toLowerCase() === "g";
    let capot = side(P, alone ? capotText.slice(1) : capotText, false);
    const b = belote(P, get("belote"));
    if ([taker, t, points, capot, b].includes(null) || points > 252) return null;
    if (["SA", "TA"].includes(t) && !P.trumps.includes(t)) return null;
    const deal = { taker, trump: t, bid: null, capotBid: false, coinche: 0, aa: 0, ab: 0 };
    if (P.counting !== CLASSIC) {
      const bid = get("bid").trim().toLowerCase();
      if (bid === "c" || bid === "capot") deal.capotBid = true;
      else if (P.generale && ["g", "générale", "generale"].includes(bid)) deal.generaleBid = true;
      else if (/^\d{1,4}$/.test(bid)) deal.bid = Number(bid);
      else if (bid) return null;
      deal.coinche = coinche(get("coinche"));
      if (deal.coinche === null) return null;
    }
    if (P.announcements) {
      const aa = number(get("announce_a"), 4, undefined);
      const ab = number(get("announce_b"), 4, undefined);
      if (aa === null || ab === null) return null; // declared cards: the server counts them
      deal.aa = aa || 0;
      deal.ab = ab || 0;
    }
    // A passed deal: the rest is not counted; points typed with nobody
    // taking are refused (forms/entry.py, DealForm.clean): no marque.
    if (!taker) return points === undefined ? { taker: "" } : null;
    if (!t) return null; // half typed
    [deal.ba, deal.bb] = b;
    const all = points === 162 || points === 252;
    let solo = alone ? capot : ""; // the side one of whose players took the eight tricks alone
    if (deal.generaleBid && capot === taker && solo !== taker) {
      points = undefined; // « N » after « G »: both players of N-S, the générale failed
    } else if (deal.generaleBid && (capot === taker || (!capot && (all || points === undefined)))) {
      capot = solo = taker; // the takers' eight tricks: one of them alone, as bid
      points = undefined;
    }
    deal.solo = solo;
    if (deal.capotBid && !capot && all) { capot = taker; points = undefined; }
    if (deal.capotBid && !capot && points === undefined) capot = taker; // a capot bid says capot
    if (capot === taker && all) points = undefined;
    if (points === undefined && !capot) return null; // half typed
    deal.capot = capot;
    deal.points = points;
    return deal;
  };

  const score = (d, P) => {
    if (!d) return null;
    if (!d.taker) return { a: 0, b: 0, outcome: "passed", pot: 0 };
    const defence = d.taker === "A" ? "B" : "A";
    let bid = d.bid;
    if (P.counting !== CLASSIC) {
      if (d.capotBid) bid = 250;
      else if (d.generaleBid) bid = 500;
      else if (bid === null || bid < 80 || bid % 10 || bid > P.maxBid[d.trump]) return null;
    }
    let pa, pb;
    const mine = d.points;
    if (mine === undefined) {
      [pa, pb] = d.capot === "A" ? [252, 0] : [0, 252];
    } else if (d.capot) {
      const expected = d.capot === "A" ? [252, 0] : [0, 252];
      if (mine !== expected[d.taker === "A" ? 0 : 1]) return null;
      [pa, pb] = expected;
    } else {
      if (mine > 162) return null;
      [pa, pb] = d.taker === "A" ? [mine, 162 - mine] : [162 - mine, mine];
      if ((pa === 1 || pb === 1) && !P.onePossible.includes(d.trump)) return null;
    }
    const maxBelotes = d.trump === "SA" ? 0 : d.trump === "TA" ? 4 : 1;
    if (d.ba + d.bb > maxBelotes) return null;
    if (d.aa && d.ab) return null;
    if (!P.feasible.includes(d.aa) || !P.feasible.includes(d.ab)) return null;
    const A = d.taker === "A";
    const pt = A ? pa : pb, pd = A ? pb : pa;
    const bt = 20 * (A ? d.ba : d.bb), bd = 20 * (A ? d.bb : d.ba);
    const at = A ? d.aa : d.ab, ad = A ? d.ab : d.aa;
    const capT = d.capot === d.taker, capD = d.capot === defence;
    const m = P.factors[d.coinche];
    let r;
    if (d.generaleBid) r = generale(P, m, d.solo === d.taker, bt, bd, at, ad);
    else if (P.counting === CLASSIC) r = classic(P, pt, pd, bt, bd, at, ad, capT, capD);
    else if (P.counting === COINCHE) r = coinched(P, bid, d.capotBid, m, pt, pd, bt, bd, at, ad, capT, capD);
    else r = contree(P, bid, d.capotBid, m, pt, pd, bt, bd, capT, capD);
    const [mt, md, outcome, pot] = r;
    return A ? { a: mt, b: md, outcome, pot } : { a: md, b: mt, outcome, pot };
  };

  const tests = (P, pt, pd, bt, bd, at, ad) => (P.announcementsForContract
    ? [pt + bt + at, pd + bd + ad] : [pt + bt, pd + bd]);

  function classic(P, pt, pd, bt, bd, at, ad, capT, capD) {
    const totT = pt + bt + at, totD = pd + bd + ad;
    const [testT, testD] = tests(P, pt, pd, bt, bd, at, ad);
    let mt, md;
    if (P.classic82 ? pt + bt >= 82 : testT > testD) {
      if (capT) [mt, md] = [(P.classicCapotFlat ? 250 + bt + at : totT) + ad, bd];
      else if (P.rounding === COMPLEMENT) { const k = down5(pt); return [k + bt + at, 160 - k + bd + ad, "made", 0]; }
      else [mt, md] = [totT, totD];
      return P.rounding ? [round(mt), round(md), "made", 0] : [mt, md, "made", 0];
    }
    if (testT === testD && P.tiePot) {
      if (P.rounding === COMPLEMENT) { const k = down5(pt); return [0, 160 - k + bd + ad, "litige", k + bt + at]; }
      return P.rounding ? [0, round(totD), "litige", round(totT)] : [0, totD, "litige", totT];
    }
    const base = capD && P.classicCapotFlat ? 250 : capD && P.fullCapot ? P.capotBase : P.chuteBase;
    [mt, md] = P.protected ? [bt, base + ad + bd + at] : [0, base + ad + bd + at + bt];
    return P.rounding ? [round(mt), round(md), "chute", 0] : [mt, md, "chute", 0];
  }

  // scoring/countings.py, count_generale: the winner of the deal marks the
  // générale's value, belote and announcements added; no rounding needed.
  function generale(P, m, made, bt, bd, at, ad) {
    const value = (P.generale === GENERALE_CONTRACT && (m > 1 || !made) ? 160 : 0) + 500 * m;
    if (P.counting === ANNONCES && !P.annoncesBelote) bt = bd = 0;
    if (made) return [value + bt + at + ad, bd, "made", 0];
    const kt = P.protected ? bt : 0, given = P.counting === COINCHE ? bt - kt : 0;
    return [kt, value + bd + ad + at + given, "chute", 0];
  }

  function coinched(P, bid, capotBid, m, pt, pd, bt, bd, at, ad, capT, capD) {
    const totT = pt + bt + at, totD = pd + bd + ad;
    const [testT, testD] = tests(P, pt, pd, bt, bd, at, ad);
    const made = (capotBid ? capT : testT >= bid) && (testT > testD || !P.compareDefence);
    let mt, md;
    if (made) {
      if (m === 1) {
        if (capotBid && P.capotBidFlat) [mt, md] = [500 + bt + at + ad, bd];
        else if (capT && (capotBid || P.capotBonus)) [mt, md] = [totT + bid + ad, pd + bd];
        else if (capT) [mt, md] = [162 + bt + at + ad + bid, bd];
        else if (P.rounding === COMPLEMENT) { const k = down5(pt); return [k + bt + at + bid, 160 - k + bd + ad, "made", 0]; }
        else [mt, md] = [totT + bid, totD];
      } else if (capotBid && P.capotBidAttenuated) {
        [mt, md] = [160 + m * bid + at + bt + ad, bd];
      } else if (P.coincheCount === POINTS_MULTIPLIED) {
        [mt, md] = coinched(P, bid, capotBid, 1, pt, pd, bt, bd, at, ad, capT, capD);
        if (P.coincheDefence === ZERO) md = bd;
        else if (P.coincheDefence === DEFENCE_MULTIPLIED) md = P.beloteMultiplied ? m * md : m * (md - bd) + bd;
        else if (P.coincheDefence === PRODUCT_ROUNDED) { // R(m × points), not m × R(points)
          if (P.rounding === NEAREST) md = coinched({ ...P, rounding: 0 }, bid, capotBid, 1, pt, pd, bt, bd, at, ad, capT, capD)[1];
          md = P.beloteMultiplied ? m * md : m * (md - bd) + bd;
          if (P.rounding) md = round(md);
        }
        return [P.beloteMultiplied ? m * mt : m * (mt - bt) + bt, md, "made", 0];
      } else {
        const base = capT && (capotBid || P.capotBonus) ? P.capotMadeBase : P.coincheBase;
        if (P.coincheCount === CONTRACT_ONLY) mt = base + m * bid + at + bt + ad;
        else mt = P.beloteMultiplied ? m * (base + at + bt + ad + bid) : m * (base + at + ad + bid) + bt;
        md = bd;
      }
      return P.rounding ? [round(mt), round(md), "made", 0] : [mt, md, "made", 0];
    }
    const base = capD && P.fullCapot ? P.capotBase : P.chuteBase;
    const kt = P.protected ? bt : 0, points = base + ad + bd + at + bt - kt;
    [mt, md] = [kt, m > 1 && P.coincheCount === CONTRACT_ONLY ? points + m * bid : m * (points + bid)];
    return P.rounding ? [round(mt), round(md), "chute", 0] : [mt, md, "chute", 0];
  }

  function contree(P, bid, capotBid, m, pt, pd, bt, bd, capT, capD) {
    const testT = pt + bt;
    const made = (capotBid ? capT : testT >= bid) && (testT > pd + bd || !P.compareDefence);
    const attenuated = capotBid && m > 1 && P.capotBidAttenuated;
    const ownBelote = P.annoncesBelote && P.counting === ANNONCES; // added, never multiplied
    if (made && m > 1 && P.coincheCount === POINTS_MULTIPLIED && !attenuated && !ownBelote) {
      const r = contree(P, bid, capotBid, 1, pt, pd, bt, bd, capT, capD);
      let md = r[1];
      if (P.coincheDefence === ZERO) md = P.protected || capT ? bd : 0;
      else if (P.coincheDefence === DEFENCE_MULTIPLIED) md = m * md;
      else if (P.coincheDefence === PRODUCT_ROUNDED) { // R(m × points), not m × R(points)
        if (P.rounding === NEAREST) md = contree({ ...P, rounding: 0 }, bid, capotBid, 1, pt, pd, bt, bd, capT, capD)[1];
        md = P.rounding ? round(m * md) : m * md;
      }
      return [m * r[0], md, r[2], 0];
    }
    const only = P.coincheCount === CONTRACT_ONLY && P.counting === FAITS_ANNONCES;
    let full = capD && P.fullCapot && (m === 1 || only); // coinched, a capot changes nothing
    if (capotBid && !made && P.capotFailedChute) [capotBid, full] = [false, false];
    const chuteBase = full ? P.capotBase : P.chuteBase;
    if (P.counting === ANNONCES) {
      const [kt, kd] = P.annoncesBelote ? [bt, bd] : [0, 0];
      if (made) return [bid * m + kt, kd, "made", 0];
      const md = m > 1 ? bid * m : P.annoncesChuteBid && !full ? bid : chuteBase;
      return [kt, (P.rounding ? round(md) : md) + kd, "chute", 0];
    }
    const value = P.counting === FAITS_ANNONCES ? bid : 0;
    let mt, md, outcome;
    if (made) {
      const keptD = P.protected || capT ? bd : 0;
      const bonus = capT && P.capotBonus; // a capot not bid scores 250, or its 162 points
      if (capT && !bonus) [pt, pd] = [162, 0];
      if (attenuated) [mt, md] = [160 + bid * m + bt, keptD];
      else if (capotBid) [mt, md] = [500 * m + bt, keptD];
      else if (m > 1 && only) [mt, md] = [(bonus ? 250 : P.coincheBase) + value * m + bt, keptD];
      else if (m > 1) [mt, md] = [(P.coincheBase + value) * m + bt, keptD];
      else if (bonus) [mt, md] = [250 + value + bt, bd];
      else if (P.rounding === COMPLEMENT) { const k = down5(pt); return [k + bt + value, 160 - k + bd, "made", 0]; }
      else [mt, md] = P.rounding ? [round(pt + bt) + value, round(pd + bd)] : [pt + bt + value, pd + bd];
      outcome = "made";
    } else {
      if (capotBid) { const kept = P.protected ? bt : 0; [mt, md] = [kept, 500 * m + bd]; }
      else if (m > 1) {
        const kept = P.protected || capD ? bt : 0;
        [mt, md] = [kept, (only ? chuteBase + value * m : (chuteBase + value) * m) + bd];
      }
      else { const kept = P.protected || capD ? bt : 0; [mt, md] = [kept, chuteBase + value + bd + (bt - kept)]; }
      outcome = "chute";
    }
    return P.rounding ? [round(mt), round(md), outcome, 0] : [mt, md, outcome, 0];
  }

  const api = { read, score, marque: (cells, P) => score(read(cells, P), P) };
  if (typeof module !== "undefined" && module.exports) module.exports = api;
  else root.BeloteMarque = api;
})(typeof window !== "undefined" ? window : globalThis);
