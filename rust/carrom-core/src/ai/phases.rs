//! The phases of one decision, in the order `plan` runs them: a first look at every candidate
//! on the coarse table, the shortlist at the game's step, nudges of the best (for a player
//! given a hand: every shot weighed over that hand's spread instead), a look at what the best
//! leave the next player (not alone with a given hand), and a pick among the shots that
//! forgive a wobble (with a given hand, the best as weighed). Each phase stops when the search
//! must; only the first shot played is never skipped.

use super::search::{self, Played, Search, Trial};
use super::{lookahead, rotate, Hand, Shot, Style};
use crate::physics::Table;
use crate::rules::{Match, Mode, Side};

/// Shots whose leave is looked at, at most, in batches of the level's `lookahead`.
const AHEAD_AT_MOST: usize = 16;
/// Candidates played again with a wobble before the choice.
const ROBUST_CHECKS: usize = 3;
/// The expert checks more of its best, and each for its pace too: a straight shot struck a
/// little hard can follow its coin into the pocket, which no turn of the aim shows.
const ROBUST_CHECKS_LOOKING_AHEAD: usize = 5;
/// Candidates nudged before the choice, and the nudges (turn in radians, speed factor).
const REFINED: usize = 4;
const NUDGES: [(f32, f32); 6] =
    [(-0.01, 1.0), (0.01, 1.0), (-0.02, 1.0), (0.02, 1.0), (0.0, 1.25), (0.0, 0.85)];

/// The position a decision is made from, for the side that decides.
pub(super) struct At<'p> {
    pub table: &'p Table,
    pub rules: &'p Match,
    pub side: Side,
}

impl<'p> At<'p> {
    fn trial(&self, shot: Shot) -> Trial<'p> {
        Trial { table: self.table, rules: self.rules, side: self.side, shot }
    }
}

/// Every candidate on the coarse table, for a level that takes a first look and has more
/// candidates than it plays at the full step: what was played (best of each outcome first),
/// and the shortlist that goes on. Without a first look the shortlist is the first candidates.
pub(super) fn first_look(
    search: &Search,
    at: &At,
    style: &Style,
    candidates: Vec<Shot>,
) -> (Vec<Played>, Vec<Shot>) {
    match (style.first_look, search::coarse(at.table)) {
        (true, Some(coarse)) if candidates.len() > style.shots => {
            let trials: Vec<Trial> = candidates
                .iter()
                .map(|&shot| Trial { table: &coarse, rules: at.rules, side: at.side, shot })
                .collect();
            let mut looked = search.played(&trials, 1);
            best_first(&mut looked, |p| p.value);
            // The best of each outcome go on whatever their worth: what they leave may make a
            // safety better than a pocketing shot.
            let looked = outcomes_first(looked, |p| p);
            let shortlist = looked.iter().take(style.shots).map(|p| p.shot).collect();
            (looked, shortlist)
        }
        _ => (vec![], candidates.into_iter().take(style.shots).collect()),
    }
}

/// The shortlist at the game's step, best first. Its first shot is always played unless the
/// first look played one; when time ran out after the first look, its best is all there is
/// (a shortlist the full step refuses whole, with time left, leaves no shot).
pub(super) fn full_step(search: &Search, at: &At, shortlist: &[Shot], looked: Vec<Played>) -> Vec<Played> {
    let trials: Vec<Trial> = shortlist.iter().map(|&shot| at.trial(shot)).collect();
    let mut scored = search.played(&trials, usize::from(looked.is_empty()));
    if scored.is_empty() && search.stop() {
        scored = looked.into_iter().take(1).collect();
    }
    best_first(&mut scored, |p| p.value);
    scored
}

/// The best few nudged a little in aim and speed, keeping whatever plays better: the geometry
/// aims well, the simulation knows better. Not for a player given a hand: a nudge that plays
/// better struck perfectly means nothing to a hand that is off by more than the nudge.
pub(super) fn refine(search: &Search, at: &At, style: &Style, mut scored: Vec<Played>) -> Vec<Played> {
    if style.hand.is_some() {
        return scored;
    }
    let max_speed = at.table.spec().physics.max_striker_speed;
    let refined = scored.len().min(REFINED);
    let nudged: Vec<Trial> = scored[..refined]
        .iter()
        .flat_map(|p| {
            NUDGES.map(|(turn, pace)| {
                let shot = p.shot;
                at.trial(Shot {
                    direction: rotate(shot.direction, turn),
                    speed: (shot.speed * pace).min(max_speed),
                    ..shot
                })
            })
        })
        .collect();
    let mut nudges = search.play_all(&nudged, 0).into_iter();
    for best in scored.iter_mut().take(refined) {
        for tried in nudges.by_ref().take(NUDGES.len()).flatten().flatten() {
            if tried.value > best.value {
                *best = tried;
            }
        }
    }
    best_first(&mut scored, |p| p.value);
    scored
}

/// Shots a player given a hand weighs over its spread at most (every shot of the expert's
/// shortlist and the safeties), and the best of those weighed again at finer points.
const WEIGHED_FOR_A_HAND: usize = 64;
const WEIGHED_AGAIN: usize = 6;

/// For a player given a hand (`Hand`), the shots valued as that hand plays them. Struck
/// perfectly, most shots that pocket a coin are worth alike, so which of them a wide hand
/// brings off decides the choice. Each shot is played at `Hand::TRIED` across the spread on
/// the coarse table (half the work) and valued by the mean with the shot itself; the best of
/// a few tries each are as often lucky as good, so the best `WEIGHED_AGAIN` are played again at
/// the game's step at `Hand::FINER` points and valued by all their tries; they come first, then
/// the other outcomes. A shot the clock left unweighed is dropped (never the last one left).
/// For any level given a hand; the expert's shortlist is the whole of what it weighs.
pub(super) fn weigh_by_hand(search: &Search, at: &At, style: &Style, mut kept: Vec<Played>) -> Vec<Played> {
    let Some(hand) = style.hand else { return kept };
    let points = |sds: &[f32]| -> Vec<(f32, f32)> { sds.iter().map(|sd| (sd * hand.aim, 1.0)).collect() };
    let (tried, finer) = (points(&Hand::TRIED), points(&Hand::FINER));
    let weighed = kept.len().min(WEIGHED_FOR_A_HAND);
    let coarse = search::coarse(at.table);
    let coarse_at = coarse.as_ref().map(|table| At { table, rules: at.rules, side: at.side });
    let tries = wobbled(search, coarse_at.as_ref().unwrap_or(at), &kept[..weighed], &tried);
    let done = mean_with(&mut kept, &tries, tried.len(), 1.0);
    kept.truncate(done.max(1));
    best_first(&mut kept, |p| p.value);
    let again = kept.len().min(WEIGHED_AGAIN);
    let tries = wobbled(search, at, &kept[..again], &finer);
    let done = mean_with(&mut kept, &tries, finer.len(), (tried.len() + 1) as f32);
    best_first(&mut kept[..done], |p| p.value);
    // A shot below those that comes to the same as one of them is a worse try at it: its
    // worth, from fewer tries, must not outbid theirs in what follows (the look ahead's order).
    let rest = kept.split_off(done);
    let others: Vec<Played> = rest.into_iter().filter(|r| !kept.iter().any(|k| k.same_outcome(r))).collect();
    kept.extend(others);
    kept
}

/// Values the first of `played` by the mean of all their tries: the `counted` their value
/// already stands for, and their share of `tries` (`each` a shot, in order). Stops at the
/// first shot whose tries the clock cut short; returns how many were valued.
fn mean_with(played: &mut [Played], tries: &[search::Tried], each: usize, counted: f32) -> usize {
    let mut done = 0;
    for (played, tries) in played.iter_mut().zip(tries.chunks(each)) {
        let Some(off) = worth_of(tries) else { break };
        played.value = (played.value * counted + off) / (counted + tries.len() as f32);
        done += 1;
    }
    done
}

/// `played`, each at every wobble (a turn of the aim in radians, a factor on the pace), in one
/// parallel batch: the tries of each shot in turn, as many as `wobbles`.
fn wobbled(search: &Search, at: &At, played: &[Played], wobbles: &[(f32, f32)]) -> Vec<search::Tried> {
    let max_speed = at.table.spec().physics.max_striker_speed;
    let trials: Vec<Trial> = played
        .iter()
        .flat_map(|p| {
            wobbles.iter().map(|(turn, pace)| {
                let speed = (p.shot.speed * pace).min(max_speed);
                at.trial(Shot { direction: rotate(p.shot.direction, *turn), speed, ..p.shot })
            })
        })
        .collect();
    search.play_all(&trials, 0)
}

/// The summed worth of one shot's wobbles, `None` unless every one was played. A wobble the
/// table refuses (struck backwards off the baseline) counts as a foul.
fn worth_of(tries: &[search::Tried]) -> Option<f32> {
    tries.iter().map(|t| t.as_ref().map(|w| w.as_ref().map_or(search::REFUSED, |w| w.value))).sum()
}

/// What the best leave, for a level that looks ahead: first the best shot of each outcome (a
/// queen left without a cover, a coin, a safety...), then the rest by worth, a batch at a time
/// for as long as a shot not yet looked at is worth more on its own than the best looked at
/// with what it leaves. The rest are dropped.
pub(super) fn look_ahead(search: &Search, at: &At, style: &Style, mut scored: Vec<Played>) -> Vec<Played> {
    // Alone with a given hand, the clock goes to weighing the shots over the hand instead: the
    // next shot's worth struck perfectly says little about a hand that misses half of them.
    let alone_with_a_hand = style.hand.is_some() && at.rules.mode() == Mode::Solo;
    if style.lookahead == 0 || search.stop() || alone_with_a_hand {
        return scored;
    }
    scored = outcomes_first(scored, |p| p);
    let mut looked = 0;
    while looked < scored.len().min(AHEAD_AT_MOST) && !search.stop() {
        let batch = looked..scored.len().min(looked + style.lookahead);
        let leaves = lookahead::leaves(search, &scored[batch.clone()], at.side, style.replies);
        for (played, leave) in scored[batch.clone()].iter_mut().zip(leaves) {
            played.leave = leave;
        }
        looked = batch.end;
        let best = scored[..looked].iter().map(Played::total).fold(f32::NEG_INFINITY, f32::max);
        if scored[looked..].iter().all(|next| next.value <= best) {
            break;
        }
    }
    // Cancelled before a batch was looked at: keep them all, valued on their own.
    if looked > 0 {
        scored.truncate(looked);
    }
    best_first(&mut scored, Played::total);
    scored
}

/// The best few played again a hand's wobble either side: a shot that only works when struck
/// perfectly is worth less than one that forgives; the expert checks more of its best, a
/// little harder and softer too. A player given another hand has weighed its shots over that
/// hand's spread already (`weigh_by_hand`) and plays the best. With no wobble played in time,
/// the best shot as it was valued.
pub(super) fn robust_pick(search: &Search, at: &At, style: &Style, scored: &[Played]) -> Option<Shot> {
    if style.hand.is_some() {
        return scored.first().map(|p| p.shot);
    }
    // Each wobble: a turn of the aim (radians) and a factor on the pace.
    let turn = style.aim_noise.max(0.004) * 0.8;
    let aim = [(-turn, 1.0), (turn, 1.0)];
    let (wobbles, checked) = if style.lookahead > 0 {
        let pace = style.speed_noise * 0.8;
        ([&aim[..], &[(0.0, 1.0 - pace), (0.0, 1.0 + pace)]].concat(), ROBUST_CHECKS_LOOKING_AHEAD)
    } else {
        (aim.to_vec(), ROBUST_CHECKS)
    };
    let checked = scored.len().min(checked);
    let played_wobbles = wobbled(search, at, &scored[..checked], &wobbles);
    let mut best: Option<(f32, Shot)> = None;
    for (played, tries) in scored.iter().zip(played_wobbles.chunks(wobbles.len())) {
        // A shot is compared only once all its wobbles were played.
        let Some(off) = worth_of(tries) else { break };
        // The wobbles are valued by the shot alone; what it leaves is the meant shot's.
        let robust = (played.value + off) / (tries.len() + 1) as f32 + played.leave;
        if best.as_ref().is_none_or(|(b, _)| robust > *b) {
            best = Some((robust, played.shot));
        }
    }
    best.map(|(_, shot)| shot).or_else(|| scored.first().map(|p| p.shot))
}

/// `played` best first by `worth`; among shots worth the same (nothing pocketed, say), the
/// gentler first: it scatters less, and a little more pace sends the striker in less often.
fn best_first(played: &mut [Played], worth: impl Fn(&Played) -> f32) {
    played.sort_by(|a, b| worth(b).total_cmp(&worth(a)).then(a.shot.speed.total_cmp(&b.shot.speed)));
}

/// `items` (best first) with the best of each outcome first, the rest after, both by worth.
pub(super) fn outcomes_first<T>(items: Vec<T>, played: impl Fn(&T) -> &Played) -> Vec<T> {
    let (mut firsts, mut rest): (Vec<T>, Vec<T>) = (vec![], vec![]);
    for item in items {
        if firsts.iter().any(|f| played(f).same_outcome(played(&item))) {
            rest.push(item);
        } else {
            firsts.push(item);
        }
    }
    firsts.append(&mut rest);
    firsts
}
