//! Every conversion and check the nodes do, as plain Rust so that `cargo test` reaches it:
//! pixels ⇄ metres, power ⇄ speed, seat numbers, names of things, and the fields of the
//! dictionaries handed to GDScript. The nodes only move these values in and out of Godot types.

use carrom_core::baseline::PlacementError;
use carrom_core::physics::{Place, ShotReport};
use carrom_core::rules::{Foul, Mode, Penalty, ReturnReason};
use carrom_core::{PieceId, Seat, Vec2};

/// A value of a dictionary field, before it becomes a Godot `Variant`.
#[derive(Clone, Debug, PartialEq)]
pub enum Field {
    Int(i64),
    Float(f64),
    Bool(bool),
    Text(String),
    Point(Vec2),
    List(Vec<Fields>),
}

/// The fields of one dictionary, in order.
pub type Fields = Vec<(&'static str, Field)>;

/// Board metres to node pixels.
pub fn to_pixels(metres: Vec2, pixels_per_meter: f32) -> Vec2 {
    metres * pixels_per_meter
}

/// A refused striker spot, told in the node's units (pixels) rather than the core's metres.
pub fn placement_message(error: &PlacementError, pixels_per_meter: f32) -> String {
    let px = |m: f32| (m * pixels_per_meter * 10.0).round() / 10.0;
    match *error {
        PlacementError::NotFinite(v) => format!("offset must be a finite number of pixels (got {v})"),
        PlacementError::BeyondBaseline { offset, max } => {
            format!("offset {} px lies beyond the baseline: allowed is -{} to {} px", px(offset), px(max), px(max))
        }
        PlacementError::StraddlesBaseCircle { offset, clear, circle, cover } => format!(
            "offset {} px straddles a base circle (K1): stay within {} px of the middle, or within {} px of a circle's centre at ±{} px",
            px(offset),
            px(clear),
            px(cover),
            px(circle)
        ),
        PlacementError::OverlapsPiece { offset, piece } => {
            format!("the striker at offset {} px would overlap {piece}", px(offset))
        }
    }
}

/// A seat number from GDScript.
pub fn seat(value: i64) -> Result<Seat, String> {
    Seat::new(value).map_err(|e| format!("seat: {e}"))
}

/// A finite number from GDScript, or an error naming the argument.
pub fn finite(name: &str, value: f64) -> Result<f32, String> {
    if value.is_finite() && value.abs() < f64::from(f32::MAX) {
        Ok(value as f32)
    } else {
        Err(format!("{name} must be a finite number (got {value})"))
    }
}

/// Strike power 0–1 (of the board's maximum striker speed) to a speed in m/s.
pub fn power_to_speed(power: f64, max_speed: f32) -> Result<f32, String> {
    if power.is_finite() && power > 0.0 && power <= 1.0 {
        Ok(power as f32 * max_speed)
    } else {
        Err(format!("power must be above 0 and at most 1 (got {power})"))
    }
}

/// A direction from GDScript: finite and not zero.
pub fn direction(x: f32, y: f32) -> Result<Vec2, String> {
    let v = Vec2::new(x, y);
    v.normalized()
        .map(|_| v)
        .ok_or_else(|| format!("direction must be a finite, non-zero vector (got ({x}, {y}))"))
}

/// The mode for the `mode` export: 0 singles, 1 doubles, 2 points.
pub fn mode(value: i64) -> Result<Mode, String> {
    match value {
        0 => Ok(Mode::Singles),
        1 => Ok(Mode::Doubles),
        2 => Ok(Mode::Points),
        _ => Err(format!("mode must be 0 (singles), 1 (doubles) or 2 (points), got {value}")),
    }
}

/// A foul from its clause id, for `declare_foul`.
pub fn foul(clause: &str) -> Result<Foul, String> {
    match clause {
        "F7" => Ok(Foul::TouchedPiece),
        "F8" => Ok(Foul::StrikingRule),
        _ => {
            Err(format!("foul must be \"F7\" (touched a piece) or \"F8\" (striking rule), got \"{clause}\""))
        }
    }
}

/// A penalty as GDScript sees it: "white", "black" (the piece given back), "due" or "shared".
pub fn penalty_name(penalty: Penalty) -> String {
    match penalty {
        Penalty::Piece(kind) => kind.name().to_string(),
        Penalty::Due => "due".into(),
        Penalty::Shared => "shared".into(),
    }
}

/// A stable key for why a piece went back, for translations.
pub fn return_reason_name(reason: ReturnReason) -> &'static str {
    match reason {
        ReturnReason::Penalty => "penalty",
        ReturnReason::Due => "due",
        ReturnReason::OpponentPiece => "opponent_piece",
        ReturnReason::LastPiece => "last_piece",
        ReturnReason::OffBoard => "off_board",
        ReturnReason::QueenTooEarly => "queen_too_early",
        ReturnReason::QueenNotCovered => "queen_not_covered",
        ReturnReason::QueenByFoul => "queen_by_foul",
    }
}

/// Where a piece is, as a word: "board", "pocket", "off" or "hand".
pub fn place_name(place: Place) -> &'static str {
    match place {
        Place::Board => "board",
        Place::Pocket(_) => "pocket",
        Place::Off => "off",
        Place::Hand => "hand",
    }
}

/// -1 for "none", the number otherwise, as GDScript expects.
pub fn or_minus_one<T: Into<i64>>(value: Option<T>) -> i64 {
    value.map_or(-1, Into::into)
}

fn piece_number(id: PieceId) -> i64 {
    i64::from(id.0)
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
                            ("kind", Field::Text(p.kind.name().into())),
                            ("pocket", Field::Int(i64::from(p.pocket.0))),
                        ]
                    })
                    .collect(),
            ),
        ),
        ("striker_pocketed", Field::Bool(report.striker_pocketed.is_some())),
        ("striker_pocket", Field::Int(or_minus_one(report.striker_pocketed.map(|p| p.0)))),
        (
            "off_board",
            Field::List(
                report
                    .off_board
                    .iter()
                    .map(|(id, kind)| {
                        vec![
                            ("piece", Field::Int(piece_number(*id))),
                            ("kind", Field::Text(kind.name().into())),
                        ]
                    })
                    .collect(),
            ),
        ),
        ("broke_formation", Field::Bool(report.broke_formation)),
        ("first_touched", Field::Int(or_minus_one(report.first_touched.map(|p| p.0)))),
        ("steps", Field::Int(i64::from(report.steps))),
        ("stopped_early", Field::Bool(report.stopped_early)),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use carrom_core::physics::{Pocket, Pocketing};
    use carrom_core::PieceKind;

    #[test]
    fn metres_scale_to_pixels() {
        let p = to_pixels(Vec2::new(0.37, -0.1), 1000.0);
        assert_eq!(p, Vec2::new(370.0, -100.0));
    }

    #[test]
    fn power_outside_0_to_1_is_refused_with_the_range() {
        assert_eq!(power_to_speed(0.5, 6.0), Ok(3.0));
        assert_eq!(power_to_speed(1.0, 6.0), Ok(6.0));
        for bad in [0.0, -0.1, 1.01, f64::NAN, f64::INFINITY] {
            let err = power_to_speed(bad, 6.0).unwrap_err();
            assert!(err.contains("power") && err.contains("at most 1"), "{err}");
        }
    }

    #[test]
    fn seats_directions_and_numbers_are_checked() {
        assert!(seat(3).is_ok());
        assert!(seat(4).unwrap_err().contains("seats are 0, 1, 2 and 3"));
        assert!(direction(0.0, 0.0).unwrap_err().contains("non-zero"));
        assert!(direction(f32::NAN, 1.0).is_err());
        assert!(direction(0.0, -2.0).is_ok());
        assert!(finite("offset", f64::NAN).unwrap_err().contains("offset"));
        assert!(finite("offset", 1e300).is_err());
        assert_eq!(finite("offset", 12.5), Ok(12.5));
    }

    #[test]
    fn refused_spots_are_told_in_pixels() {
        let error = PlacementError::BeyondBaseline { offset: 0.3, max: 0.22385 };
        assert_eq!(
            placement_message(&error, 1000.0),
            "offset 300 px lies beyond the baseline: allowed is -223.9 to 223.9 px"
        );
        let straddle = PlacementError::StraddlesBaseCircle {
            offset: 0.2,
            clear: 0.18255,
            circle: 0.2191,
            cover: 0.00475,
        };
        assert!(placement_message(&straddle, 500.0).contains("100 px straddles"));
    }

    #[test]
    fn modes_and_declarable_fouls_by_name() {
        assert_eq!(mode(2), Ok(Mode::Points));
        assert!(mode(3).unwrap_err().contains("points"));
        assert_eq!(foul("F7"), Ok(Foul::TouchedPiece));
        assert!(foul("F1").unwrap_err().contains("F8"));
    }

    #[test]
    fn names_are_stable_keys() {
        assert_eq!(penalty_name(Penalty::Piece(PieceKind::Black)), "black");
        assert_eq!(penalty_name(Penalty::Due), "due");
        assert_eq!(return_reason_name(ReturnReason::QueenNotCovered), "queen_not_covered");
        assert_eq!(place_name(Place::Pocket(Pocket(2))), "pocket");
        assert_eq!(or_minus_one::<i64>(None), -1);
    }

    #[test]
    fn report_fields_carry_every_part_of_the_report() {
        let report = ShotReport {
            seat: Some(Seat::new(2).unwrap()),
            pocketed: vec![Pocketing { piece: PieceId(3), kind: PieceKind::White, pocket: Pocket(1) }],
            striker_pocketed: Some(Pocket(0)),
            off_board: vec![],
            broke_formation: true,
            first_touched: Some(PieceId(3)),
            steps: 300,
            stopped_early: false,
        };
        let fields = report_fields(&report);
        let get = |k: &str| fields.iter().find(|(n, _)| *n == k).map(|(_, v)| v.clone()).unwrap();
        assert_eq!(get("seat"), Field::Int(2));
        assert_eq!(get("striker_pocket"), Field::Int(0));
        assert_eq!(get("first_touched"), Field::Int(3));
        let Field::List(pocketed) = get("pocketed") else { panic!() };
        assert_eq!(pocketed[0][1], ("kind", Field::Text("white".into())));
    }
}
