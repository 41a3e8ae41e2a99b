//! A match the protocol cannot carry yet is refused by name, by a host and by a peer sent one,
//! instead of waiting forever for a placement no message brings.

use carrom_core::game::Game;
use carrom_core::rules::{MatchSettings, Mode};
use carrom_core::{BoardSpec, Seat};
use carrom_net::message::encode;
use carrom_net::{Holder, Host, NetError, Replica, ToPeer};

fn placing_game() -> Game {
    let settings = MatchSettings { opponent_places: true, ..MatchSettings::new(Mode::Singles) };
    Game::new(BoardSpec::icf(), settings, 1).unwrap()
}

#[test]
fn x3_a_match_whose_opponent_places_returned_pieces_is_not_hosted_online() {
    let refused = Host::new(&placing_game(), [(Seat::ALL[0], Holder::Host), (Seat::ALL[2], Holder::Open)]);
    assert!(matches!(refused, Err(NetError::NotOnline(_))), "{:?}", refused.err());
    let fine = Game::new(BoardSpec::icf(), MatchSettings::new(Mode::Singles), 1).unwrap();
    assert!(Host::new(&fine, [(Seat::ALL[0], Holder::Host), (Seat::ALL[2], Holder::Open)]).is_ok());
}

#[test]
fn x3_a_peer_sent_such_a_match_refuses_it_by_name() {
    let mut replica = Replica::new();
    let welcome = ToPeer::Welcome {
        seats: vec![2],
        shots: 0,
        state: placing_game().to_json().unwrap(),
        turn_seconds: 0,
    };
    let refused = replica.receive(&encode(&welcome));
    assert!(matches!(refused, Err(NetError::NotOnline(_))), "{:?}", refused.err());
}
