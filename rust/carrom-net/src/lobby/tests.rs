use super::*;

#[test]
fn a_request_reads_back_as_sent() {
    let quick = ToServer::Quick { mode: "singles".into(), rules: "classic".into() };
    assert_eq!(read(&write(&quick)).unwrap(), quick);
}

#[test]
fn unknown_kinds_fields_and_oversize_are_refused() {
    assert!(read(r#"{"type":"become_admin"}"#).is_err());
    assert!(read(r#"{"type":"join","code":"ABCDEF","seat":0}"#).is_err());
    let long = format!(r#"{{"type":"join","code":"{}"}}"#, "A".repeat(MAX_LOBBY_BYTES));
    assert!(matches!(read(&long), Err(NetError::TooLarge { .. })));
}

#[test]
fn a_match_over_names_its_ending_in_words_the_game_reads() {
    for ending in [Ending::Won, Ending::Drawn, Ending::Abandoned] {
        let over = serde_json::to_string(&ToClient::Over { changes: vec![], ending }).unwrap();
        assert!(over.contains(&format!(r#""ending":"{}""#, ending.as_str())), "{over}");
    }
}

#[test]
fn a_device_reads_what_a_server_tells_and_nothing_beyond_it() {
    let room = ToClient::Room { code: "ABCD2F".into(), expires_in: 600, taken: 1, seats: 2 };
    assert_eq!(read_told(&write(&room)).unwrap(), room);
    assert!(read_told(r#"{"type":"queued","seconds":3,"window":50,"extra":1}"#).is_err());
    assert!(read_told(r#"{"type":"hello","lobby":1,"name":"a","token":"b"}"#).is_err());
    let long = format!(r#"{{"type":"refused","reason":"{}"}}"#, "x".repeat(MAX_TOLD_BYTES));
    assert!(matches!(read_told(&long), Err(NetError::TooLarge { .. })));
}

#[test]
fn a_device_is_sent_on_only_to_come_back_join_or_watch() {
    assert!(ToServer::Resume.may_be_sent_on());
    assert!(ToServer::Join { code: "ABCD2F".into() }.may_be_sent_on());
    assert!(ToServer::Watch { code: "ABCD2F".into() }.may_be_sent_on());
    assert!(!ToServer::Join { code: "abcd2f".into() }.may_be_sent_on(), "only as the server spells it");
    assert!(!ToServer::Watch { code: "../../x".into() }.may_be_sent_on());
    let hello = ToServer::Hello { lobby: LOBBY, name: "a".into(), token: "t".into() };
    assert!(!hello.may_be_sent_on(), "a hello would carry the token away");
    assert!(!ToServer::Cancel.may_be_sent_on());
}

#[test]
fn a_server_address_is_ws_or_wss_with_a_plain_host() {
    for good in ["ws://127.0.0.1:8080/ws", "wss://carrom.example.org/ws", "ws://[::1]:80/ws", "ws://h"] {
        assert!(is_server_url(good), "{good}");
    }
    for bad in ["http://a/ws", "ws://", "ws:///ws", "ws://a b/ws", "ws://a/w s", "ws://é/ws", "wss://a\\n"] {
        assert!(!is_server_url(bad), "{bad}");
    }
    assert!(!is_server_url(&format!("ws://{}", "a".repeat(MAX_URL_HOST + 1))));
}

#[test]
fn a_typed_code_is_read_in_any_case_with_spaces_and_dashes() {
    assert_eq!(normal_code("abc-d2f").unwrap(), "ABCD2F");
    assert_eq!(normal_code(" ab cd 2f ").unwrap(), "ABCD2F");
    assert!(normal_code("ABCD0F").is_err(), "0 is not in the alphabet");
    assert!(normal_code("ABCDE").is_err());
    assert!(normal_code("ABCDEFG").is_err());
}
