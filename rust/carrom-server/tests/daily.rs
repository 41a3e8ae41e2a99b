//! The daily challenge's board, as a device reaches it: the real server on a loopback port
//! over each database, entries posted as the game posts them, and only strikes the server
//! played again itself counted.

mod common;

use carrom_core::practice::{daily, expert_strokes, DailyEntry, Stroke};
use common::{databases, token, Running};
use serde_json::Value;

fn today() -> u32 {
    let secs = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs();
    (secs / 86_400) as u32
}

/// The body the game posts: who, and the entry.
fn posted(name: &str, entry: &DailyEntry) -> String {
    format!("{{\"name\": \"{name}\", \"token\": \"{}\", \"entry\": {}}}", token(name), entry.to_json())
}

fn json(body: &str) -> Value {
    serde_json::from_str(body).unwrap_or_else(|e| panic!("not JSON ({e}): {body}"))
}

#[tokio::test(flavor = "multi_thread")]
async fn the_daily_board_counts_only_strikes_the_server_plays_again() {
    let day = today();
    let Some(trick) = daily(day) else {
        // A day none of whose layouts the expert does has no challenge, on the server too.
        let server = Running::start(&databases("daily_none").await[0], &[]);
        let stroke = Stroke { offset: 0.0, direction: carrom_core::Vec2::new(0.0, 1.0), speed: 1.0 };
        let entry = DailyEntry { day, strikes: vec![stroke] };
        let (status, body) = server.post(&format!("/daily/{day}"), &posted("asha", &entry));
        assert_eq!(status, 404, "{body}");
        assert!(body.contains("has no challenge"), "{body}");
        return;
    };
    let strokes = expert_strokes(&trick).expect("a challenge offered is one the expert does");
    let honest = DailyEntry { day, strikes: strokes.clone() };
    for database in databases("daily_board").await {
        let server = Running::start(&database, &[]);
        let path = format!("/daily/{day}");

        // The expert's strikes, as a device that followed the coach would send them.
        let (status, body) = server.post(&path, &posted("asha", &honest));
        assert_eq!(status, 200, "{database}: {body}");
        let answer = json(&body);
        assert_eq!(answer["strikes"], strokes.len());
        assert_eq!((answer["rank"].as_u64(), answer["of"].as_u64()), (Some(1), Some(1)));
        assert_eq!(answer["players"][0]["name"], "asha");

        // The same score later shares the place (nothing is gained by posting first); the same
        // player again keeps theirs.
        let (status, body) = server.post(&path, &posted("bilal", &honest));
        assert_eq!(status, 200, "{body}");
        assert_eq!((json(&body)["rank"].as_u64(), json(&body)["of"].as_u64()), (Some(1), Some(2)));
        let (status, body) = server.post(&path, &posted("asha", &honest));
        assert_eq!(status, 200, "{body}");
        assert_eq!(json(&body)["rank"].as_u64(), Some(1));

        // A claim the strikes do not make: the last strike barely touched.
        let mut short = honest.clone();
        let last = short.strikes.last_mut().unwrap();
        *last = Stroke { speed: 0.05, ..*last };
        let (status, body) = server.post(&path, &posted("chen", &short));
        assert_eq!(status, 422, "{body}");
        assert!(json(&body)["error"].as_str().unwrap().contains("strike"), "{body}");

        // A day that is not open, a day that is not the address's, a token not allowed, a
        // field the server does not take, and a body too large: each refused, with the reason.
        let old = DailyEntry { day: day - 10, ..honest.clone() };
        let (status, body) = server.post(&format!("/daily/{}", day - 10), &posted("dana", &old));
        assert_eq!(status, 400);
        assert!(body.contains("is not open"), "{body}");
        let (status, body) = server.post(&format!("/daily/{}", day + 1), &posted("dana", &honest));
        assert_eq!(status, 400);
        assert!(body.contains("posted to day"), "{body}");
        let bad_token = posted("dana", &honest).replace(&token("dana"), "short");
        let (status, body) = server.post(&path, &bad_token);
        assert_eq!(status, 400);
        assert!(body.contains("token"), "{body}");
        let (status, body) =
            server.post(&path, &posted("dana", &honest).replace("\"speed\"", "\"won\": 1, \"speed\""));
        assert_eq!(status, 400);
        assert!(body.contains("unknown field"), "{body}");
        let (status, body) = server.post(&path, &posted("dana", &honest).replace("\"y\"", "\"z\": 0, \"y\""));
        assert_eq!(status, 400);
        assert!(body.contains("unknown field `z`"), "{body}");
        let huge = format!("{{\"name\": \"{}\"}}", "x".repeat(64 * 1024));
        assert_eq!(server.post(&path, &huge).0, 413);
        assert_eq!(server.get("/daily/tomorrow").0, 400);

        // The board: the two who did it, in order, and nobody else.
        let (status, body) = server.get(&format!("{path}?limit=10"));
        assert_eq!(status, 200, "{body}");
        let board = json(&body);
        assert_eq!(board["of"], 2);
        let names: Vec<&str> =
            board["players"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap()).collect();
        assert_eq!(names, ["asha", "bilal"], "listed by who did it first");
        let ranks: Vec<u64> =
            board["players"].as_array().unwrap().iter().map(|p| p["rank"].as_u64().unwrap()).collect();
        assert_eq!(ranks, [1, 1], "equal strikes share a place");
        assert_eq!(server.metric("carrom_daily_entries_total"), 3.0);
        assert!(server.metric("carrom_refusals_total") >= 5.0);

        // Kept in the database: a server started again over it shows the same board.
        let database = server.kill();
        let again = Running::start(&database, &[]);
        assert_eq!(json(&again.get(&path).1)["of"], 2);
    }
}
