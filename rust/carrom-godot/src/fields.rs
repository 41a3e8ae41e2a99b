//! The fields of every dictionary the nodes hand GDScript — a shot's report, the pieces, the
//! aim guide, a board's tally, who sits where, a beacon, a trick — as plain Rust that `cargo
//! test` reaches. `variant` makes them Godot values; no node builds a dictionary itself.

use crate::convert::or_minus_one;
use crate::units::Units;
use carrom_core::ai::{Hint, Reviewed};
use carrom_core::aim::AimGuide;
use carrom_core::physics::{PieceState, Place, ShotReport};
use carrom_core::practice::{Goal, Trick};
use carrom_core::rules::{BoardState, Coins, Tally};
use carrom_core::{PieceId, PieceKind, Vec2};
use carrom_net::{Beacon, Player, Who};

/// A value of a dictionary field, before it becomes a Godot `Variant`.
#[derive(Clone, Debug, PartialEq)]
pub enum Field {
    Int(i64),
    Float(f64),
    Bool(bool),
    /// A piece kind, handed to Godot as `CarromBoard.KIND_*`.
    Kind(PieceKind),
    /// Where a piece is, handed to Godot as `CarromBoard.PLACE_*`.
    Place(Place),
    /// Who plays a seat, handed to Godot as `CarromNet.WHO_*`.
    Who(Who),
    Text(String),
    Ints(Vec<i32>),
    /// A point or direction in board pixels.
    Point(Vec2),
    /// Points in board pixels.
    Points(Vec<Vec2>),
    List(Vec<Fields>),
}

/// The fields of one dictionary, in order.
pub type Fields = Vec<(&'static str, Field)>;

fn piece_number(id: PieceId) -> i64 {
    i64::from(id.number())
}

/// One of the coach's hints (`CarromAi.hints_ready`): the shot as `shot_ready` gives one, the
/// piece and pocket it means (-1: none), its chance under the player's hand and its reason.
pub fn hint_fields(hint: &Hint, units: Units, max_speed: f32) -> Fields {
    let shot = hint.shot;
    vec![
        ("seat", Field::Int(i64::from(u8::from(shot.seat)))),
        ("offset", Field::Float(units.pixels(shot.offset))),
        ("direction", Field::Point(shot.direction)),
        ("power", Field::Float(crate::convert::speed_to_power(shot.speed, max_speed))),
        ("target", Field::Int(or_minus_one(hint.target.map(|t| t.number())))),
        ("pocket", Field::Int(or_minus_one(hint.pocket.map(|p| p.number())))),
        ("chance", Field::Float(f64::from(hint.chance))),
        ("reason", Field::Text(hint.reason.name().to_string())),
    ]
}

/// One strike of a board's review (`CarromAi.review_ready`).
pub fn reviewed_fields(kind: &str, reviewed: &Reviewed, units: Units, max_speed: f32) -> Fields {
    vec![
        ("kind", Field::Text(kind.to_string())),
        ("strike", Field::Int(i64::from(reviewed.strike))),
        ("seat", Field::Int(i64::from(u8::from(reviewed.seat)))),
        ("played", Field::Float(f64::from(reviewed.played))),
        ("coach_value", Field::Float(f64::from(reviewed.best.value))),
        ("coach", Field::List(vec![hint_fields(&reviewed.best, units, max_speed)])),
    ]
}

/// The `shot_finished` report.
pub fn report_fields(report: &ShotReport) -> Fields {
    vec![
        ("seat", Field::Int(or_minus_one(report.seat.map(u8::from)))),
        (
            "pocketed",
            Field::List(
                report
                    .pocketed
                    .iter()
                    .map(|p| {
                        vec![
                            ("piece", Field::Int(piece_number(p.piece))),
                            ("kind", Field::Kind(p.kind)),
                            ("pocket", Field::Int(i64::from(p.pocket.number()))),
                        ]
                    })
                    .collect(),
            ),
        ),
        ("striker_pocketed", Field::Bool(report.striker_pocketed.is_some())),
        ("striker_pocket", Field::Int(or_minus_one(report.striker_pocketed.map(|p| p.number())))),
        (
            "off_board",
            Field::List(
                report
                    .off_board
                    .iter()
                    .map(|(id, kind)| {
                        vec![("piece", Field::Int(piece_number(*id))), ("kind", Field::Kind(*kind))]
                    })
                    .collect(),
            ),
        ),
        ("broke_formation", Field::Bool(report.broke_formation)),
        ("first_touched", Field::Int(or_minus_one(report.first_touched.map(|p| p.number())))),
        ("steps", Field::Int(i64::from(report.steps))),
        ("stopped_early", Field::Bool(report.stopped_early)),
    ]
}

/// One piece (`get_pieces`): `id`, `kind`, `place`, `position` (pixels), `angle`, `pocket`.
pub fn piece_fields(piece: &PieceState, units: Units) -> Fields {
    let pocket = match piece.place {
        Place::Pocket(pocket) => Some(pocket.number()),
        _ => None,
    };
    vec![
        ("id", Field::Int(piece_number(piece.id))),
        ("kind", Field::Kind(piece.kind)),
        ("place", Field::Place(piece.place)),
        ("position", Field::Point(pixels(piece.position, units))),
        ("angle", Field::Float(f64::from(piece.angle))),
        ("pocket", Field::Int(or_minus_one(pocket))),
    ]
}

/// The aim guide (`predict_path`): `points`, `hit_piece`, `hit_direction`, `pocket`.
pub fn guide_fields(guide: &AimGuide, units: Units) -> Fields {
    vec![
        ("points", Field::Points(guide.points.iter().map(|p| pixels(*p, units)).collect())),
        ("hit_piece", Field::Int(or_minus_one(guide.hit.map(|p| p.number())))),
        ("hit_direction", Field::Point(guide.hit_direction.unwrap_or_default())),
        ("pocket", Field::Int(or_minus_one(guide.pocket.map(|p| p.number())))),
    ]
}

/// Coins by colour: `white`, `black`.
pub fn coins_fields(coins: Coins) -> Fields {
    vec![("white", Field::Int(i64::from(coins.white))), ("black", Field::Int(i64::from(coins.black)))]
}

/// What is left on the board (`get_pieces_left`): `white`, `black`, and whether the `queen` is.
pub fn pieces_left_fields(board: &BoardState) -> Fields {
    let mut fields = coins_fields(board.on_board);
    fields.push(("queen", Field::Bool(board.queen.on_board())));
    fields
}

/// One side's part of a board's score (`get_board_tally`).
pub fn tally_fields(tally: &Tally) -> Fields {
    let mut fields = coins_fields(tally.held);
    fields.extend([
        ("queen", Field::Bool(tally.queen_covered)),
        ("coin_points", Field::Int(i64::from(tally.coin_points))),
        ("queen_points", Field::Int(i64::from(tally.queen_points))),
        ("points", Field::Int(i64::from(tally.points()))),
    ]);
    fields
}

/// One seat of an online match (`get_players`): `seat`, `name`, `who`.
pub fn player_fields(player: &Player) -> Fields {
    vec![
        ("seat", Field::Int(i64::from(player.seat))),
        ("name", Field::Text(player.name.clone())),
        ("who", Field::Who(player.who)),
    ]
}

/// A host's beacon (`read_beacon`): `port`, `name`, `mode`, `open`.
pub fn beacon_fields(beacon: &Beacon) -> Fields {
    vec![
        ("port", Field::Int(i64::from(beacon.port))),
        ("name", Field::Text(beacon.name.clone())),
        ("mode", Field::Text(beacon.mode.clone())),
        ("open", Field::Int(i64::from(beacon.open))),
    ]
}

/// A trick shot (`get_tricks`): `id`, `seat`, `goal`, `count`, `colour`, `one_turn`, `stars`.
pub fn trick_fields(trick: &Trick) -> Fields {
    let (goal, count, colour) = match &trick.goal {
        Goal::Pocket { count, colour } => ("pocket", i64::from(*count), colour.map(|c| c.kind())),
        Goal::QueenAndCover => ("queen_and_cover", 1, None),
    };
    let colour = colour.map_or(Field::Int(-1), Field::Kind);
    vec![
        ("id", Field::Text(trick.id.clone())),
        ("seat", Field::Int(i64::from(u8::from(trick.seat)))),
        ("goal", Field::Text(goal.to_string())),
        ("count", Field::Int(count)),
        ("colour", colour),
        ("one_turn", Field::Bool(trick.one_turn)),
        ("stars", Field::Ints(trick.stars.iter().map(|s| i32::from(*s)).collect())),
    ]
}

/// A point in metres, in board pixels.
fn pixels(metres: Vec2, units: Units) -> Vec2 {
    Vec2::new(units.pixels(metres.x) as f32, units.pixels(metres.y) as f32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use carrom_core::physics::{Pocket, Pocketing};
    use carrom_core::Seat;

    #[test]
    fn report_fields_carry_every_part_of_the_report() {
        let report = ShotReport {
            seat: Some(Seat::new(2).unwrap()),
            pocketed: vec![Pocketing {
                piece: PieceId::new(3).unwrap(),
                kind: PieceKind::White,
                pocket: Pocket::new(1).unwrap(),
            }],
            striker_pocketed: Some(Pocket::new(0).unwrap()),
            off_board: vec![],
            broke_formation: true,
            first_touched: Some(PieceId::new(3).unwrap()),
            steps: 300,
            stopped_early: false,
        };
        let fields = report_fields(&report);
        let get = |k: &str| fields.iter().find(|(n, _)| *n == k).map(|(_, v)| v.clone()).unwrap();
        assert_eq!(get("seat"), Field::Int(2));
        assert_eq!(get("striker_pocket"), Field::Int(0));
        assert_eq!(get("first_touched"), Field::Int(3));
        let Field::List(pocketed) = get("pocketed") else { panic!() };
        assert_eq!(pocketed[0][1], ("kind", Field::Kind(PieceKind::White)));
    }

    #[test]
    fn a_tally_says_where_every_point_came_from() {
        let tally = Tally {
            held: Coins { white: 2, black: 0 },
            queen_covered: true,
            coin_points: 5,
            queen_points: 3,
        };
        let fields = tally_fields(&tally);
        assert_eq!(fields[0], ("white", Field::Int(2)));
        assert!(fields.contains(&("points", Field::Int(8))));
    }
}
