//! Cutting caller and data text short where querycell echoes it into a message, a hint or the
//! catalog, defined once so that every cut is on a character boundary and says it is one.
//!
//! Each place that clips keeps its own cap, as a named constant beside it: how much of a
//! value helps a reader there is that place's decision.

/// What a clipped text ends with, so a reader knows the text went on.
pub const ELLIPSIS: char = '…';

/// `text` if it has at most `max_chars` characters; otherwise its first `max_chars`
/// characters followed by [`ELLIPSIS`]. Characters are Unicode scalar values, so a cut never
/// splits one (a combining mark may still be parted from its base, which only shows).
pub fn clip(text: &str, max_chars: usize) -> String {
    match text.char_indices().nth(max_chars) {
        Some((cut, _)) => {
            let mut clipped = String::with_capacity(cut + ELLIPSIS.len_utf8());
            clipped.push_str(&text[..cut]);
            clipped.push(ELLIPSIS);
            clipped
        }
        None => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_within_the_cap_is_unchanged() {
        assert_eq!(clip("", 0), "");
        assert_eq!(clip("", 5), "");
        assert_eq!(clip("abc", 3), "abc");
        assert_eq!(clip("abc", 64), "abc");
        assert_eq!(clip("ééé", 3), "ééé", "three characters, six bytes");
    }

    #[test]
    fn longer_text_keeps_the_cap_and_says_it_was_cut() {
        assert_eq!(clip("abcd", 3), "abc…");
        assert_eq!(clip("abcd", 0), "…");
        assert_eq!(clip(&"x".repeat(1000), 64).chars().count(), 65);
    }

    /// Multi-byte characters at the cap: the cut counts characters, never bytes, and never
    /// splits one.
    #[test]
    fn a_cut_at_a_multi_byte_character_keeps_it_whole() {
        assert_eq!(clip("ab🦆cd", 3), "ab🦆…");
        assert_eq!(clip("ab🦆cd", 2), "ab…");
        assert_eq!(clip("名前名前", 2), "名前…");
        assert_eq!(clip("e\u{301}e\u{301}", 2), "e\u{301}…", "a combining accent is a character of its own");
        for cap in 0..12 {
            let clipped = clip("ä🦆b名\u{0}\"'`\u{202e}x", cap);
            assert!(clipped.chars().count() <= cap + 1, "{cap}: {clipped:?}");
        }
    }

    /// NUL, quotes and control characters are text like any other: clip cuts, it does not
    /// clean (each caller that shows text on one line or in quotes does that itself).
    #[test]
    fn adversarial_characters_are_counted_not_interpreted() {
        assert_eq!(clip("\0\0\0\0", 2), "\0\0…");
        assert_eq!(clip("'\"`\n", 3), "'\"`…");
        assert_eq!(clip("a\u{202e}b", 2), "a\u{202e}…");
    }
}
