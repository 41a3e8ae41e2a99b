//! The names players give themselves, in any script: a Hindi, Urdu, Tamil or Sinhala name is as
//! good as a Latin one. A name is shown on every device of a match and on the leaderboard, so
//! it may hold nothing that is not drawn as text: no control characters, and no direction
//! overrides (which would turn the sentences around it back to front).

use crate::error::NetError;
use unicode_properties::{GeneralCategoryGroup, UnicodeGeneralCategory};

/// The zero-width non-joiner and joiner: Indic and Sinhala spellings need them between letters.
const JOINERS: [char; 2] = ['\u{200C}', '\u{200D}'];
/// Marks one letter may carry in a row: Vietnamese stacks two, an Indic syllable a vowel sign
/// and a nasal; more is text piled up to spill over the lines around it.
pub const MARKS_IN_A_ROW: usize = 3;

/// Checks `name`: 1 to `max` characters, each a letter, a mark (vowel signs, viramas) or a
/// digit of any script, a space, `-`, `_` or a joiner; at least one letter or digit; and not
/// starting with a mark or a joiner, which belong to the letter before them.
pub fn check(name: &str, max: usize) -> Result<(), NetError> {
    let len = name.chars().count();
    let refuse = |what: String| Err(NetError::BadName { max, len, what });
    if len == 0 || len > max {
        return refuse(format!("it has {len}"));
    }
    if let Some(c) = name.chars().find(|&c| !allowed(c)) {
        return refuse(format!("U+{:04X} is not a letter, mark, digit, space, '-' or '_'", c as u32));
    }
    if !name.chars().any(is_letter_or_digit) {
        return refuse("it has no letter or digit".into());
    }
    if name.chars().next().is_some_and(|c| is_mark(c) || JOINERS.contains(&c)) {
        return refuse("it starts with a mark or a joiner".into());
    }
    let mut in_a_row = 0;
    for c in name.chars() {
        in_a_row = if is_mark(c) { in_a_row + 1 } else { 0 };
        if in_a_row > MARKS_IN_A_ROW {
            return refuse(format!("more than {MARKS_IN_A_ROW} marks on one letter"));
        }
    }
    Ok(())
}

fn allowed(c: char) -> bool {
    is_letter_or_digit(c) || is_mark(c) || matches!(c, ' ' | '-' | '_') || JOINERS.contains(&c)
}

fn is_letter_or_digit(c: char) -> bool {
    matches!(c.general_category_group(), GeneralCategoryGroup::Letter | GeneralCategoryGroup::Number)
}

fn is_mark(c: char) -> bool {
    c.general_category_group() == GeneralCategoryGroup::Mark
}

#[cfg(test)]
mod tests {
    use super::*;

    const MAX: usize = 24;

    #[test]
    fn names_in_every_script_the_game_speaks_are_taken() {
        // Latin, Hangul, Telugu, Devanagari (with viramas), Arabic script, Bengali, Tamil,
        // Sinhala (with a joiner), a digit and the three signs.
        for name in [
            "Asha",
            "Ana María",
            "김민준",
            "సాయి",
            "कृष्ण शर्मा",
            "عمران خان",
            "সাকিব",
            "கார்த்திக்",
            "ශ්\u{200D}රී",
            "राम_2",
            "Jo-Jo",
        ] {
            assert!(check(name, MAX).is_ok(), "{name} was refused: {:?}", check(name, MAX));
        }
    }

    #[test]
    fn direction_overrides_controls_and_symbols_are_refused_and_named() {
        for (name, code) in [
            ("abc\u{202E}fed", "U+202E"),
            ("a\u{2066}b", "U+2066"),
            ("a\u{200F}b", "U+200F"),
            ("line\nbreak", "U+000A"),
            ("tab\tname", "U+0009"),
            ("a\u{0}b", "U+0000"),
            ("smile😀", "U+1F600"),
            ("<b>x</b>", "U+003C"),
        ] {
            let error = check(name, MAX).unwrap_err().to_string();
            assert!(error.contains(code), "{name:?}: {error}");
        }
    }

    #[test]
    fn marks_piled_on_a_letter_are_refused_and_the_marks_a_script_needs_are_not() {
        // Vietnamese, decomposed: two marks on one letter.
        assert!(check("Nguye\u{0302}\u{0303}n", MAX).is_ok());
        let piled = format!("a{}", "\u{0301}".repeat(MARKS_IN_A_ROW + 1));
        let error = check(&piled, MAX).unwrap_err().to_string();
        assert!(error.contains("marks on one letter"), "{error}");
    }

    #[test]
    fn a_name_must_hold_a_letter_and_not_begin_with_a_mark() {
        for name in ["", "   ", "--", "\u{094D}क", "\u{200D}ශ", &"क".repeat(MAX + 1)] {
            assert!(check(name, MAX).is_err(), "{name:?} was taken");
        }
        assert!(check(&"क".repeat(MAX), MAX).is_ok());
    }
}
