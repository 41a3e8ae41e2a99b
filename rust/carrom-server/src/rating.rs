//! Ratings: Glicko-2 for singles (one against one), Weng-Lin (a Bayesian team model) for
//! doubles and the points game, from the skillratings crate. Every ladder is shown on the
//! singles scale — 1500 to start — so that a player's numbers read alike everywhere.

use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating};
use skillratings::{MultiTeamOutcome, Outcomes};

/// Weng-Lin's numbers (25 to start) times this are on the singles scale (1500).
const TEAM_SCALE: f64 = 60.0;

/// A player's standing on one ladder, as stored.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Standing {
    /// The rating, singles scale.
    pub rating: f64,
    /// Its uncertainty, singles scale.
    pub deviation: f64,
    /// Glicko-2's volatility (unused on team ladders).
    pub volatility: f64,
    /// Rated matches finished.
    pub games: u32,
}

/// Rated matches a player finishes on a ladder before their results move others in full: a
/// new account (one made to lose on purpose, say) moves its opponents by a part of what a
/// settled player would, a larger part with each match it plays.
pub const PROVISIONAL_GAMES: u32 = 5;

/// The ladders: one a mode.
pub const LADDERS: [&str; 3] = ["singles", "doubles", "points"];

impl Standing {
    /// Where a newcomer to `ladder` starts.
    pub fn new(ladder: &str) -> Standing {
        if ladder == "singles" {
            let start = Glicko2Rating::new();
            Standing {
                rating: start.rating,
                deviation: start.deviation,
                volatility: start.volatility,
                games: 0,
            }
        } else {
            let start = WengLinRating::new();
            Standing {
                rating: start.rating * TEAM_SCALE,
                deviation: start.uncertainty * TEAM_SCALE,
                volatility: 0.0,
                games: 0,
            }
        }
    }

    /// How far this player's results are trusted to move others: from a sixth for a new
    /// account to all of it after `PROVISIONAL_GAMES` rated matches.
    fn settled(&self) -> f64 {
        ((f64::from(self.games) + 1.0) / (f64::from(PROVISIONAL_GAMES) + 1.0)).min(1.0)
    }

    fn glicko(self) -> Glicko2Rating {
        Glicko2Rating { rating: self.rating, deviation: self.deviation, volatility: self.volatility }
    }

    fn weng_lin(self) -> WengLinRating {
        WengLinRating { rating: self.rating / TEAM_SCALE, uncertainty: self.deviation / TEAM_SCALE }
    }
}

/// The new standings of a finished match's players, each player's move limited by the least
/// settled of their opponents (`PROVISIONAL_GAMES`). `players[i]` is the standing of a player
/// on side `sides[i]`, and `ranks[side]` is where that side finished (0 first; equal ranks
/// shared it).
pub fn rate(ladder: &str, players: &[Standing], sides: &[usize], ranks: &[usize]) -> Vec<Standing> {
    let after = rate_alone(ladder, players, sides, ranks);
    players
        .iter()
        .zip(sides)
        .zip(after)
        .map(|((before, side), new)| {
            let weight = players
                .iter()
                .zip(sides)
                .filter(|(_, s)| *s != side)
                .map(|(p, _)| p.settled())
                .fold(1.0, f64::min);
            Standing { rating: before.rating + weight * (new.rating - before.rating), ..new }
        })
        .collect()
}

/// The new standings of a finished match's players, as the rating system alone gives them. `players[i]` is the standing of a player
/// on side `sides[i]`, and `ranks[side]` is where that side finished (0 first; equal ranks
/// shared it). Singles (two sides of one) is rated by Glicko-2, everything else as teams.
fn rate_alone(ladder: &str, players: &[Standing], sides: &[usize], ranks: &[usize]) -> Vec<Standing> {
    let count = |s: &Standing| Standing { games: s.games + 1, ..*s };
    if ladder == "singles" && players.len() == 2 && sides == [0, 1] && ranks.len() == 2 {
        let outcome = match ranks[0].cmp(&ranks[1]) {
            std::cmp::Ordering::Less => Outcomes::WIN,
            std::cmp::Ordering::Greater => Outcomes::LOSS,
            std::cmp::Ordering::Equal => Outcomes::DRAW,
        };
        let (a, b) = glicko2(&players[0].glicko(), &players[1].glicko(), &outcome, &Glicko2Config::new());
        let back = |r: Glicko2Rating, s: &Standing| Standing {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
            games: s.games + 1,
        };
        return vec![back(a, &players[0]), back(b, &players[1])];
    }
    let teams: Vec<Vec<WengLinRating>> = (0..ranks.len())
        .map(|side| {
            players.iter().zip(sides).filter(|(_, s)| **s == side).map(|(p, _)| p.weng_lin()).collect()
        })
        .collect();
    if teams.iter().any(Vec::is_empty) {
        return players.iter().map(count).collect();
    }
    let entries: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
        .iter()
        .zip(ranks)
        .map(|(team, rank)| (team.as_slice(), MultiTeamOutcome::new(rank + 1)))
        .collect();
    let rated = weng_lin_multi_team(&entries, &WengLinConfig::new());
    let mut taken = vec![0; ranks.len()];
    players
        .iter()
        .zip(sides)
        .map(|(before, side)| {
            let after = rated[*side][taken[*side]];
            taken[*side] += 1;
            Standing {
                rating: after.rating * TEAM_SCALE,
                deviation: after.uncertainty * TEAM_SCALE,
                volatility: 0.0,
                games: before.games + 1,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_singles_win_moves_the_winner_up_and_the_loser_down_by_glicko_2() {
        let start = Standing::new("singles");
        let after = rate("singles", &[start, start], &[0, 1], &[0, 1]);
        assert!(after[0].rating > 1500.0 && after[1].rating < 1500.0);
        assert!(after[0].deviation < start.deviation, "a result makes the rating surer");
        assert_eq!((after[0].games, after[1].games), (1, 1));
        let drawn = rate("singles", &[start, start], &[0, 1], &[0, 0]);
        assert!((drawn[0].rating - 1500.0).abs() < 1e-6);
    }

    #[test]
    fn a_new_accounts_loss_moves_its_opponent_by_a_sixth_and_its_own_rating_in_full() {
        let settled = Standing { games: PROVISIONAL_GAMES, ..Standing::new("singles") };
        let fresh = Standing::new("singles");
        let against_settled = rate("singles", &[settled, settled], &[0, 1], &[0, 1]);
        let against_fresh = rate("singles", &[settled, fresh], &[0, 1], &[0, 1]);
        let gain = |after: &[Standing]| after[0].rating - settled.rating;
        assert!(gain(&against_settled) > 0.0);
        // The same result against a throwaway is worth a sixth as much.
        let alone = rate_alone("singles", &[settled, fresh], &[0, 1], &[0, 1]);
        assert!((gain(&against_fresh) - gain(&alone) / 6.0).abs() < 1e-9, "{against_fresh:?} {alone:?}");
        assert_eq!(against_fresh[1], alone[1], "the new account's own loss is in full");
        // Each match it finishes, it moves others more.
        let seasoned = Standing { games: 3, ..fresh };
        let against_seasoned = rate("singles", &[settled, seasoned], &[0, 1], &[0, 1]);
        assert!(gain(&against_seasoned) > gain(&against_fresh));
        // Two new accounts farming each other: a sixth of Glicko-2's move.
        let farmed = rate("singles", &[fresh, fresh], &[0, 1], &[0, 1]);
        assert!(farmed[0].rating - 1500.0 < 30.0, "{farmed:?}");
    }

    #[test]
    fn partners_in_doubles_move_together_and_start_on_the_singles_scale() {
        let start = Standing::new("doubles");
        assert!((start.rating - 1500.0).abs() < 1e-9);
        let after = rate("doubles", &[start; 4], &[0, 1, 0, 1], &[1, 0]);
        assert!(after[1].rating > 1500.0 && after[3].rating > 1500.0);
        assert!(after[0].rating < 1500.0 && after[2].rating < 1500.0);
        assert!((after[1].rating - after[3].rating).abs() < 1e-9);
    }

    #[test]
    fn the_points_game_rates_three_players_by_where_they_finished() {
        let start = Standing::new("points");
        let after = rate("points", &[start; 3], &[0, 1, 2], &[2, 0, 1]);
        assert!(after[1].rating > after[2].rating && after[2].rating > after[0].rating);
    }
}
