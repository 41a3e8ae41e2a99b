//! Who sits where in a server's match, and where each side finished.

use crate::store::Seated;
use carrom_core::game::Game;
use carrom_core::rules::Mode;
use carrom_core::rules::Outcome;

/// A player about to be seated: id, name, rating, and the party they queued with (two friends
/// who play doubles as partners).
pub type Entrant = (String, String, f64, Option<String>);

/// Seats `players` (as many as the mode has seats) in turn order. In doubles a party sits
/// together, against the other two; without one, the strongest and the weakest are partners
/// against the two between, so that neither side is the two best.
pub fn seat(mode: Mode, mut players: Vec<Entrant>) -> Vec<Seated> {
    if mode == Mode::Doubles && players.len() == 4 {
        players.sort_by(|a, b| b.2.total_cmp(&a.2));
        let party = players
            .iter()
            .filter_map(|p| p.3.clone())
            .find(|party| players.iter().filter(|p| p.3.as_deref() == Some(party.as_str())).count() == 2);
        let (us, them): (Vec<Entrant>, Vec<Entrant>) = match party {
            Some(party) => players.into_iter().partition(|p| p.3.as_deref() == Some(party.as_str())),
            None => {
                let (a, b) = (players[0].clone(), players[3].clone());
                (vec![a, b], vec![players[1].clone(), players[2].clone()])
            }
        };
        // Turn order alternates sides: seats 0 and 2 are partners, 1 and 3.
        players = vec![us[0].clone(), them[0].clone(), us[1].clone(), them[1].clone()];
    }
    mode.seats()
        .iter()
        .zip(players)
        .map(|(seat, (player, name, _, _))| Seated {
            seat: u8::from(*seat),
            player,
            name,
            side: mode.side_of(*seat).map_or(0, |s| s.index()),
        })
        .collect()
}

/// Where each side of a finished `game` finished (0 first): the winner first — or the sides
/// that drew — then the others by their score, equal scores sharing a place.
pub fn ranks(game: &Game) -> Vec<usize> {
    let rules = game.rules();
    let scores = rules.scores();
    let first: Vec<usize> = match rules.outcome() {
        Some(Outcome::Won(side)) => vec![side.index()],
        Some(Outcome::Drawn(sides)) => sides.iter().map(|s| s.index()).collect(),
        None => vec![],
    };
    (0..scores.len())
        .map(|side| {
            if first.contains(&side) {
                return 0;
            }
            let ahead = (0..scores.len()).filter(|o| !first.contains(o) && scores[*o] > scores[side]).count();
            usize::from(!first.is_empty()) + ahead
        })
        .collect()
}

/// The places of a match abandoned by the players of `gone` (sides): they finish last, the
/// others share first.
pub fn abandoned_ranks(sides: usize, gone: &[usize]) -> Vec<usize> {
    (0..sides).map(|side| usize::from(gone.contains(&side))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn doubles_partners_the_strongest_with_the_weakest() {
        let players = vec![
            ("a".into(), "A".into(), 1400.0, None),
            ("b".into(), "B".into(), 1800.0, None),
            ("c".into(), "C".into(), 1500.0, None),
            ("d".into(), "D".into(), 1600.0, None),
        ];
        let seated = seat(Mode::Doubles, players);
        let side_of = |p: &str| seated.iter().find(|s| s.player == p).unwrap().side;
        assert_eq!(side_of("b"), side_of("a"), "best with weakest");
        assert_eq!(side_of("d"), side_of("c"));
        assert_ne!(side_of("a"), side_of("c"));
    }

    #[test]
    fn a_party_of_two_friends_sits_together_in_doubles() {
        let party = Some("p".to_string());
        let players = vec![
            ("a".into(), "A".into(), 1400.0, None),
            ("b".into(), "B".into(), 1800.0, party.clone()),
            ("c".into(), "C".into(), 1500.0, None),
            ("d".into(), "D".into(), 1600.0, party),
        ];
        let seated = seat(Mode::Doubles, players);
        let side_of = |p: &str| seated.iter().find(|s| s.player == p).unwrap().side;
        assert_eq!(side_of("b"), side_of("d"), "the party are partners, strong as they are");
        assert_eq!(side_of("a"), side_of("c"));
        assert_ne!(side_of("a"), side_of("b"));
    }

    #[test]
    fn a_side_that_abandons_finishes_last() {
        assert_eq!(abandoned_ranks(2, &[1]), [0, 1]);
        assert_eq!(abandoned_ranks(3, &[0]), [1, 0, 0]);
    }
}
