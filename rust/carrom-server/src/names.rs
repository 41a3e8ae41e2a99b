//! Names as the server keeps them: in one Unicode form (NFC), so that one name typed on two
//! keyboards is one name; and compared by their skeleton (Unicode's confusable mapping, UTS
//! #39, after lower-casing), so that a name made of look-alike letters — a Cyrillic "а" for a
//! Latin "a" — cannot pass for a ranked player's.

use unicode_normalization::UnicodeNormalization;
use unicode_security::confusable_detection::skeleton;

/// `name` in Unicode's composed form (NFC).
pub fn normal(name: &str) -> String {
    name.nfc().collect()
}

/// What `name` looks like: two names with the same skeleton can be told apart by no reader.
pub fn look(name: &str) -> String {
    skeleton(&name.to_lowercase()).collect::<String>().to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_typed_decomposed_is_kept_composed() {
        assert_eq!(normal("Jose\u{0301}"), "Jos\u{00E9}");
    }

    #[test]
    fn look_alike_letters_and_case_share_a_look_and_other_names_do_not() {
        assert_eq!(look("Asha"), look("\u{0410}sh\u{0430}"), "Cyrillic A and a");
        assert_eq!(look("asha"), look("ASHA"));
        assert_eq!(look("paypal"), look("p\u{0430}yp\u{0430}l"));
        assert_ne!(look("Asha"), look("Usha"));
        assert_ne!(look("कृष्ण"), look("राम"));
    }
}
