//! The quick-match queue: players waiting for a game of one mode and ruleset, paired with
//! players near their rating — the window of "near" widening the longer they wait, so that
//! nobody waits for ever when few are online.

use std::collections::BTreeMap;

/// How far from a player's rating an opponent may be at first.
pub const FIRST_WINDOW: f64 = 100.0;
/// How much the window widens a second waited.
pub const WIDENING: f64 = 25.0;
/// The widest window: past it, anyone waiting for the same game is a match.
pub const WIDEST: f64 = 1000.0;

/// One player waiting.
#[derive(Clone, Debug, PartialEq)]
pub struct Waiting<T> {
    /// The player's id.
    pub player: String,
    /// Their rating on the mode's ladder.
    pub rating: f64,
    /// When they joined the queue, seconds.
    pub since: f64,
    /// The party they queue with (two friends for doubles, seated as partners), if any.
    pub party: Option<String>,
    /// Whatever the caller needs to reach them.
    pub with: T,
}

/// The game waited for: a mode's name and a ruleset's.
pub type Game = (String, String);

/// Everyone waiting, by the game they wait for.
pub struct Queue<T> {
    games: BTreeMap<Game, Vec<Waiting<T>>>,
}

impl<T> Default for Queue<T> {
    fn default() -> Self {
        Queue { games: BTreeMap::new() }
    }
}

/// How far from its rating a player who has waited `seconds` takes an opponent.
pub fn window(seconds: f64) -> f64 {
    (FIRST_WINDOW + WIDENING * seconds.max(0.0)).min(WIDEST)
}

impl<T> Queue<T> {
    /// `waiting` waits for `game` (once: a player already waiting is moved).
    pub fn add(&mut self, game: Game, waiting: Waiting<T>) {
        self.remove(&waiting.player);
        self.games.entry(game).or_default().push(waiting);
    }

    /// `player`'s place in the queue, if waiting.
    pub fn waiting(&self, player: &str) -> Option<&Waiting<T>> {
        self.games.values().flat_map(|list| list.iter()).find(|w| w.player == player)
    }

    /// Takes `player` out of the queue.
    pub fn remove(&mut self, player: &str) -> Option<Waiting<T>> {
        for list in self.games.values_mut() {
            if let Some(i) = list.iter().position(|w| w.player == player) {
                return Some(list.remove(i));
            }
        }
        None
    }

    /// Players waiting.
    pub fn len(&self) -> usize {
        self.games.values().map(Vec::len).sum()
    }

    /// Whether nobody waits.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Every player waiting, with the game they wait for.
    pub fn iter(&self) -> impl Iterator<Item = (&Game, &Waiting<T>)> {
        self.games.iter().flat_map(|(game, list)| list.iter().map(move |w| (game, w)))
    }

    /// Takes out every group that can play now at `now`: for each game, `size(game)` players,
    /// the unit (a player, or a party of two) that has waited longest with the units nearest its
    /// rating, each within the window of both, and no two of them `kept_apart` (one blocked the
    /// other). A party whose partner has not joined it waits, until `PARTY_WAIT` has passed.
    /// Groups come out longest-waiting first.
    pub fn pair(
        &mut self,
        now: f64,
        size: impl Fn(&Game) -> usize,
        kept_apart: impl Fn(&str, &str) -> bool,
    ) -> Vec<(Game, Vec<Waiting<T>>)> {
        let mut groups = vec![];
        for (game, list) in &mut self.games {
            let size = size(game).max(1);
            list.sort_by(|a, b| a.since.total_cmp(&b.since));
            while let Some(mut taken) = group_of(list, size, now, &kept_apart) {
                taken.sort_unstable();
                let group: Vec<Waiting<T>> = taken.iter().rev().map(|i| list.remove(*i)).collect();
                groups.push((game.clone(), group.into_iter().rev().collect()));
            }
        }
        self.games.retain(|_, list| !list.is_empty());
        groups
    }
}

/// How long a party waits for its second player before the first is paired alone, seconds (an
/// invitation to be partners stands a minute).
pub const PARTY_WAIT: f64 = 65.0;

/// The units of `list` that can be paired now (indices): each player alone, a party with both
/// its players waiting, or a party's first player alone once it has waited `PARTY_WAIT`.
fn units<T>(list: &[Waiting<T>], now: f64) -> Vec<Vec<usize>> {
    let mut units: Vec<Vec<usize>> = vec![];
    for (i, w) in list.iter().enumerate() {
        let Some(party) = &w.party else {
            units.push(vec![i]);
            continue;
        };
        let partner = list.iter().position(|o| o.player != w.player && o.party.as_ref() == Some(party));
        match partner {
            Some(j) if j > i => units.push(vec![i, j]),
            Some(_) => {}
            None if now - w.since > PARTY_WAIT => units.push(vec![i]),
            None => {}
        }
    }
    units
}

/// The first group of `size` players that can play now, as indices into `list` (longest
/// waiting first), if any.
fn group_of<T>(
    list: &[Waiting<T>],
    size: usize,
    now: f64,
    kept_apart: &impl Fn(&str, &str) -> bool,
) -> Option<Vec<usize>> {
    let units = units(list, now);
    let rating = |u: &[usize]| u.iter().map(|i| list[*i].rating).sum::<f64>() / u.len() as f64;
    let since = |u: &[usize]| u.iter().map(|i| list[*i].since).fold(f64::INFINITY, f64::min);
    for anchor in &units {
        let mut near: Vec<(f64, &Vec<usize>)> = units
            .iter()
            .filter(|u| *u != anchor)
            .map(|u| ((rating(u) - rating(anchor)).abs(), u))
            .filter(|(gap, u)| *gap <= window(now - since(anchor)) && *gap <= window(now - since(u)))
            .collect();
        near.sort_by(|a, b| a.0.total_cmp(&b.0));
        let mut taken = anchor.clone();
        for (_, unit) in near {
            let apart =
                unit.iter().any(|i| taken.iter().any(|t| kept_apart(&list[*t].player, &list[*i].player)));
            if taken.len() + unit.len() <= size && !apart {
                taken.extend(unit);
            }
        }
        if taken.len() == size {
            return Some(taken);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn waiting(player: &str, rating: f64, since: f64) -> Waiting<()> {
        Waiting { player: player.into(), rating, since, party: None, with: () }
    }

    fn singles() -> Game {
        ("singles".into(), "classic".into())
    }

    #[test]
    fn near_ratings_pair_at_once_and_far_ones_only_after_waiting() {
        let mut queue = Queue::default();
        queue.add(singles(), waiting("a", 1500.0, 0.0));
        queue.add(singles(), waiting("b", 1900.0, 0.0));
        assert!(queue.pair(0.0, |_| 2, |_, _| false).is_empty(), "400 apart is too far at first");
        queue.add(singles(), waiting("c", 1550.0, 1.0));
        let groups = queue.pair(1.0, |_| 2, |_, _| false);
        assert_eq!(groups.len(), 1);
        let players: Vec<&str> = groups[0].1.iter().map(|w| w.player.as_str()).collect();
        assert_eq!(players, ["a", "c"]);
        assert_eq!(queue.len(), 1);
        queue.add(singles(), waiting("d", 2300.0, 1.0));
        let later = queue.pair(40.0, |_| 2, |_, _| false);
        assert_eq!(later.len(), 1, "the window has widened to take b and d");
    }

    #[test]
    fn only_players_waiting_for_the_same_game_are_paired() {
        let mut queue = Queue::default();
        queue.add(singles(), waiting("a", 1500.0, 0.0));
        queue.add(("singles".into(), "freestyle".into()), waiting("b", 1500.0, 0.0));
        assert!(queue.pair(100.0, |_| 2, |_, _| false).is_empty());
        queue.add(("points".into(), "classic".into()), waiting("c", 1500.0, 0.0));
        queue.add(("points".into(), "classic".into()), waiting("d", 1500.0, 0.0));
        assert!(queue.pair(100.0, |_| 3, |_, _| false).is_empty(), "the points game waits for a third");
        queue.add(("points".into(), "classic".into()), waiting("e", 1510.0, 0.0));
        assert_eq!(queue.pair(100.0, |_| 3, |_, _| false)[0].1.len(), 3);
    }

    #[test]
    fn players_kept_apart_by_a_block_are_never_paired_and_wait_for_others() {
        let mut queue = Queue::default();
        queue.add(singles(), waiting("asha", 1500.0, 0.0));
        queue.add(singles(), waiting("mallory", 1500.0, 0.0));
        let apart = |a: &str, b: &str| [a, b].contains(&"asha") && [a, b].contains(&"mallory");
        assert!(queue.pair(100.0, |_| 2, apart).is_empty());
        queue.add(singles(), waiting("ravi", 1510.0, 1.0));
        let groups = queue.pair(100.0, |_| 2, apart);
        assert_eq!(groups.len(), 1);
        let players: Vec<&str> = groups[0].1.iter().map(|w| w.player.as_str()).collect();
        assert_eq!(players, ["asha", "ravi"]);
        assert_eq!(queue.len(), 1, "mallory waits on");
    }

    #[test]
    fn a_party_is_paired_as_partners_only_once_both_wait_and_a_lone_one_after_a_while() {
        let mut queue = Queue::default();
        let doubles = || ("doubles".to_string(), "classic".to_string());
        let party =
            |player: &str, since: f64| Waiting { party: Some("p".into()), ..waiting(player, 1500.0, since) };
        queue.add(doubles(), party("asha", 0.0));
        for (n, player) in ["b", "c", "d"].iter().enumerate() {
            queue.add(doubles(), waiting(player, 1500.0, n as f64));
        }
        assert!(queue.pair(10.0, |_| 4, |_, _| false).is_empty(), "asha's partner has not come");
        queue.add(doubles(), party("ravi", 10.0));
        let groups = queue.pair(11.0, |_| 4, |_, _| false);
        assert_eq!(groups.len(), 1);
        let players: Vec<&str> = groups[0].1.iter().map(|w| w.player.as_str()).collect();
        assert!(players.contains(&"asha") && players.contains(&"ravi"), "{players:?}");
        assert_eq!(queue.len(), 1);
        let mut lone = Queue::default();
        lone.add(doubles(), party("asha", 0.0));
        for player in ["b", "c", "d"] {
            lone.add(doubles(), waiting(player, 1500.0, 0.0));
        }
        assert_eq!(lone.pair(PARTY_WAIT + 1.0, |_| 4, |_, _| false).len(), 1, "alone, once the wait is over");
    }

    #[test]
    fn a_player_waits_once_and_can_leave() {
        let mut queue = Queue::default();
        queue.add(singles(), waiting("a", 1500.0, 0.0));
        queue.add(("doubles".into(), "classic".into()), waiting("a", 1500.0, 0.0));
        assert_eq!(queue.len(), 1);
        assert!(queue.remove("a").is_some());
        assert!(queue.is_empty());
    }
}
