//! The coach: the expert's best shots for the seat to play, each with the piece and pocket it
//! means, why it was chosen, and how often a player's hand brings it off. The hint a player
//! asks for while aiming; asked again, the next best.

use super::search::{Played, Search, Trial, REFUSED};
use super::{rank, AiError, Budget, Hand, Level, Ranked, Shot, Style};
use crate::aim::guide_from;
use crate::physics::{Pocket, Table};
use crate::piece::{PieceId, PieceKind};
use crate::rules::{Match, Mode, Side};
use crate::seat::Seat;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::atomic::AtomicBool;

/// Why the coach suggests a shot: a few words the game translates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// Break the formation open.
    Break,
    /// The striker meets the piece full on and sends it straight in.
    Straight,
    /// The striker meets the piece off-centre and cuts it in.
    Cut,
    /// The striker goes off a cushion before it meets the piece.
    Rebound,
    /// The striker meets another piece, which sends this one in.
    Combination,
    /// Pocket the queen (a cover must follow).
    Queen,
    /// Pocket a coin to cover the queen pocketed last strike.
    Cover,
    /// Pocket nothing and leave the opponent little.
    Safety,
    /// Every shot risks a foul here; this one is likeliest to come off.
    LeastHarm,
}

impl Reason {
    /// Every reason.
    pub const ALL: [Reason; 9] = [
        Reason::Break,
        Reason::Straight,
        Reason::Cut,
        Reason::Rebound,
        Reason::Combination,
        Reason::Queen,
        Reason::Cover,
        Reason::Safety,
        Reason::LeastHarm,
    ];

    /// A stable lowercase name, for translation keys.
    pub fn name(self) -> &'static str {
        match self {
            Reason::Break => "break",
            Reason::Straight => "straight",
            Reason::Cut => "cut",
            Reason::Rebound => "rebound",
            Reason::Combination => "combination",
            Reason::Queen => "queen",
            Reason::Cover => "cover",
            Reason::Safety => "safety",
            Reason::LeastHarm => "least_harm",
        }
    }
}

/// A shot the coach suggests.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hint {
    /// Where to stand the striker and how to strike it.
    pub shot: Shot,
    /// The piece it means to pocket (none for a break or a safety).
    pub target: Option<PieceId>,
    /// The pocket that piece goes into, struck as meant.
    pub pocket: Option<Pocket>,
    /// How often the hand it was asked for does what it means (pockets the target without a
    /// foul; for a break or a safety, no foul), from 0 to 1, over `DRAWS` tries (fewer when a
    /// cancel cut them short).
    pub chance: f32,
    /// Why.
    pub reason: Reason,
    /// What the shot itself is worth on average as the hand plays it, in the search's own
    /// points (a coin about 5, a foul -60).
    pub value: f32,
    /// `value` and what the shot leaves the next player: the hints come best first by it.
    pub worth: f32,
}

/// Tries of the player's hand each hint is played at to find its chance and worth: a chance to
/// within a few per cent is all a player reads, and three hints cost under two hundred shots.
pub const DRAWS: usize = 32;
/// Most hints asked for at once.
pub const MOST_HINTS: usize = 8;
/// Shots of different outcomes played with the hand for each hint given, the best kept: the
/// search's order is a perfect hand's, and a shot only a perfect hand brings off is no hint.
const CONSIDERED: usize = 2;
/// Striker and piece meeting further off full than 15° is a cut: the cosine of that angle
/// (compared as a cosine, so no platform's trigonometry decides it).
const CUT_COS: f32 = 0.9659;

/// What a player asks the coach.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ask {
    /// The player's hand, which the shots are chosen for and their chances played with.
    pub hand: Hand,
    /// Hints wanted, at most `MOST_HINTS`.
    pub count: usize,
    /// Seed of the search and of the hand's tries.
    pub seed: u64,
}

/// Up to `ask.count` shots for `seat`, best first, each coming to a different thing (a
/// different piece pocketed, or none), as the expert sees them for a player whose hand is
/// `ask.hand`. A shot that fouls is offered only when every shot does. The same position and
/// ask give the same hints (without a time limit in `budget`).
pub fn hints(
    table: &Table,
    rules: &Match,
    seat: Seat,
    ask: Ask,
    budget: Budget,
    cancel: &AtomicBool,
) -> Result<Vec<Hint>, AiError> {
    let Ask { hand, count, seed } = ask;
    if count == 0 {
        return Ok(vec![]);
    }
    let search = Search::new(budget, cancel);
    let base = table.clone_at_rest().ok_or(AiError::StillMoving)?;
    // A hint is for the seat to play, when it may.
    rules.may_act(seat)?;
    let side = rules.check_seat(seat)?;
    let style = Style { hand: Some(hand), ..Level::Expert.style() };
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let Ranked { mut scored, pick } = rank(&search, &base, rules, seat, &style, &mut rng)?;
    // The search's pick first: it already weighed the hand's wobble.
    if let Some(at) = scored.iter().position(|p| p.shot == pick) {
        let picked = scored.remove(at);
        scored.insert(0, picked);
    }
    let clean = scored.iter().any(|p| !p.fouled);
    // Alone (CB1) there is nobody to leave a safety to: a shot that pockets nothing is offered
    // only when none pockets anything cleanly.
    let alone = rules.mode() == Mode::Solo && scored.iter().any(|p| !p.fouled && !p.pocketed.is_empty());
    let count = count.min(MOST_HINTS);
    let mut picks: Vec<usize> = vec![];
    for (i, played) in scored.iter().enumerate() {
        if picks.len() >= count * CONSIDERED {
            break;
        }
        let idle = alone && played.pocketed.is_empty();
        if idle || (clean && played.fouled) || picks.iter().any(|&c| scored[c].same_outcome(played)) {
            continue;
        }
        picks.push(i);
    }
    // The best safety is always weighed too: for a shaky hand it may beat every attempt.
    let safety = scored.iter().position(|p| !p.fouled && p.pocketed.is_empty()).filter(|_| !alone);
    if let Some(i) = safety.filter(|&i| !picks.iter().any(|&c| scored[c].same_outcome(&scored[i]))) {
        picks.push(i);
    }
    // Played in full whatever the time limit: a hint without its chance is no hint.
    let weighing =
        Weighing { base: &base, rules, side, hand, seed, draws: Search::new(Budget::default(), cancel) };
    let mut hints: Vec<Hint> =
        picks.iter().enumerate().map(|(i, &at)| weighing.hint(i, &scored[at])).collect();
    // Best first as the player's hand would play them; the search's own order breaks a tie.
    hints.sort_by(|a, b| b.worth.total_cmp(&a.worth));
    hints.truncate(count);
    Ok(hints)
}

/// A hint's shot played by the player's hand, `DRAWS` times: its chance and its worth.
struct Weighing<'a> {
    base: &'a Table,
    rules: &'a Match,
    side: Side,
    hand: Hand,
    seed: u64,
    draws: Search<'a>,
}

impl Weighing<'_> {
    /// The `i`th hint, for the shot `meant`.
    fn hint(&self, i: usize, meant: &Played) -> Hint {
        let (base, rules, side) = (self.base, self.rules, self.side);
        let target = target(rules, side, meant);
        let mut hand_rng =
            ChaCha8Rng::seed_from_u64(self.seed ^ (i as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let trials: Vec<Trial> = (0..DRAWS)
            .map(|_| Trial {
                table: base,
                rules,
                side,
                shot: self.hand.spoil(base, meant.shot, &mut hand_rng),
            })
            .collect();
        let tries: Vec<Option<Played>> = self.draws.play_all(&trials, 0).into_iter().flatten().collect();
        let made = tries.iter().flatten().filter(|p| made_it(p, target)).count();
        // What the shot is worth as this hand plays it: a try the table refuses (struck
        // backwards off the baseline) counts as the search counts one, a foul.
        let value = tries.iter().map(|t| t.as_ref().map_or(REFUSED, |p| p.value)).sum::<f32>()
            / tries.len().max(1) as f32;
        Hint {
            shot: meant.shot,
            target,
            pocket: target.and_then(|t| meant.pocketed.iter().find(|d| d.piece == t)).map(|d| d.pocket),
            chance: made as f32 / tries.len().max(1) as f32,
            reason: reason(base, rules, meant, target),
            value,
            worth: value + meant.leave,
        }
    }
}

/// The first piece of `side`'s own (the queen included) the shot pocketed, after the break.
fn target(rules: &Match, side: Side, meant: &Played) -> Option<PieceId> {
    let board = rules.board();
    // A break means to break: a coin it drops is a bonus, not what it is judged by.
    if !board.broken {
        return None;
    }
    meant.pocketed.iter().find(|d| d.kind == PieceKind::Queen || board.is_own(side, d.kind)).map(|d| d.piece)
}

/// Whether a try did what the shot meant: pocketed its target, or at least did not foul.
fn made_it(tried: &Played, target: Option<PieceId>) -> bool {
    !tried.fouled && target.is_none_or(|t| tried.pocketed.iter().any(|d| d.piece == t))
}

/// Why the shot: what the rules make of it first, then how the striker reaches the piece.
fn reason(base: &Table, rules: &Match, meant: &Played, target: Option<PieceId>) -> Reason {
    if !rules.board().broken {
        return Reason::Break;
    }
    if meant.fouled {
        return Reason::LeastHarm;
    }
    if meant.covered {
        return Reason::Cover;
    }
    let Some(target) = target else { return Reason::Safety };
    if target == PieceId::QUEEN {
        return Reason::Queen;
    }
    let shot = meant.shot;
    let Ok(start) = base.check_striker_spot(shot.seat, shot.offset) else { return Reason::Straight };
    let guide = guide_from(base, start, shot.direction, shot.speed);
    if guide.hit != Some(target) {
        return Reason::Combination;
    }
    // The guide's points: the start, each cushion, the meeting.
    if guide.points.len() > 2 {
        return Reason::Rebound;
    }
    let full = match (shot.direction.normalized(), guide.hit_direction) {
        (Some(along), Some(sent)) => along.dot(sent),
        _ => 1.0,
    };
    if full < CUT_COS {
        Reason::Cut
    } else {
        Reason::Straight
    }
}

mod review;
pub use review::{best_and_worst, review, Reviewed};

#[cfg(test)]
mod tests;
