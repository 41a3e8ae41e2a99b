//! An attempt at the daily challenge as the match server judges it: the strikes alone, played
//! again from the day's position, decide the score.

use carrom_core::practice::{
    daily, daily_day, expert_strokes, play_attempt, DailyEntry, Stroke, MAX_ENTRY_BYTES,
};
use carrom_core::Vec2;

/// 2 December 2026, and the days after: each has a challenge the expert does.
const DAYS: [u32; 3] = [20_789, 20_790, 20_791];

#[test]
fn the_experts_strikes_played_again_do_the_challenge_for_the_same_score() {
    for day in DAYS {
        let trick = daily(day).expect("a challenge");
        assert_eq!(daily_day(&trick), Some(day), "its id names its day");
        let strokes = expert_strokes(&trick).expect("the expert does it");
        let (strikes, stars) = play_attempt(&trick, &strokes).expect("the same strikes do it again");
        assert_eq!(usize::from(strikes), strokes.len(), "day {day}");
        assert!((1..=3).contains(&stars));
        // Sent as text and read back, the strikes are the same to the bit.
        let entry = DailyEntry { day, strikes: strokes.clone() };
        let read = DailyEntry::read(&entry.to_json()).unwrap();
        assert_eq!(read, entry);
        let bits =
            |s: &[Stroke]| s.iter().map(|s| (s.offset.to_bits(), s.speed.to_bits())).collect::<Vec<_>>();
        assert_eq!(bits(&read.strikes), bits(&strokes));
    }
}

#[test]
fn a_score_cannot_be_claimed_by_strikes_that_do_not_make_it() {
    let trick = daily(DAYS[0]).unwrap();
    let strokes = expert_strokes(&trick).unwrap();
    // The expert's first strike, barely touched: it does nothing, so the challenge is not done.
    let soft = Stroke { speed: 0.05, ..strokes[0] };
    let why = play_attempt(&trick, &[soft]).unwrap_err().to_string();
    assert!(why.contains("not done after 1 strikes") || why.contains("fails the challenge"), "{why}");
    // Struck backwards, away from the board, is no strike at all (K3).
    let d = strokes[0].direction;
    let backwards = Stroke { direction: Vec2::new(-d.x, -d.y), ..strokes[0] };
    assert!(play_attempt(&trick, &[backwards]).unwrap_err().to_string().contains("strike 1 cannot be made"));
    // A spot off the baseline (K1).
    let off = Stroke { offset: 2.0, ..strokes[0] };
    assert!(play_attempt(&trick, &[off]).unwrap_err().to_string().contains("strike 1 cannot be made"));
    // A strike more once it is done counts for nothing: the entry is refused.
    let mut more = strokes.clone();
    more.push(soft);
    if more.len() <= usize::from(trick.stars[2]) {
        assert!(play_attempt(&trick, &more).unwrap_err().to_string().contains("after the attempt ended"));
    }
    // More strikes than the challenge allows are not played at all.
    let many = vec![soft; usize::from(trick.stars[2]) + 1];
    assert!(play_attempt(&trick, &many).unwrap_err().to_string().contains("fails after"));
}

#[test]
fn a_damaged_or_oversized_entry_is_refused_with_the_reason() {
    let cases = [
        ("", "EOF"),
        ("{\"day\": 20789}", "missing field `strikes`"),
        ("{\"day\": 20789, \"strikes\": []}", "1 to 20 strikes"),
        ("{\"day\": -1, \"strikes\": []}", "invalid value"),
        (
            "{\"day\": 1, \"strikes\": [{\"offset\": 0, \"direction\": {\"x\": 0, \"y\": 1}, \"speed\": 1, \"won\": 3}]}",
            "unknown field `won`",
        ),
        ("{\"day\": 1, \"strikes\": [{\"offset\": \"far\", \"direction\": {\"x\": 0, \"y\": 1}, \"speed\": 1}]}", "invalid type"),
    ];
    for (text, why) in cases {
        let error = DailyEntry::read(text).unwrap_err().to_string();
        assert!(error.contains(why), "{text}: {error}");
    }
    let long = format!("{{\"day\": 1, \"strikes\": [], \"pad\": \"{}\"}}", " ".repeat(MAX_ENTRY_BYTES));
    assert!(DailyEntry::read(&long).unwrap_err().to_string().contains("bytes is more than"));
    let stroke = "{\"offset\": 0, \"direction\": {\"x\": 0, \"y\": 1}, \"speed\": 1}";
    let many = format!("{{\"day\": 1, \"strikes\": [{}]}}", vec![stroke; 21].join(","));
    assert!(DailyEntry::read(&many).unwrap_err().to_string().contains("not 21"));
}
