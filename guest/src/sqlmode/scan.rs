//! A tokenizer for the plain statements nearly every request and every re-emitted statement
//! is, giving exactly the tokens and spans sqlparser's tokenizer gives them, at a fraction of
//! its cost: sqlparser upper-cases each word into a new `String` to look it up, and steps a
//! `Peekable<Chars>` through the text. In the sandbox the two tokenizings of a compile (the
//! request and the round-trip proof) were a third of its instructions.
//!
//! It reads only ASCII text made of the token forms SQL mode admits anyway: names, "quoted"
//! names, 'strings', plain numbers, `$n` placeholders, white space and the operators and
//! punctuation listed in [`Scanner::token`]. At anything else (a comment, an escape, an
//! exponent, a prefixed string, a rarer operator, a character that is not ASCII, an
//! unterminated quote) it gives up, and [`super::lexical::tokenize`] tokenizes the whole text
//! with sqlparser as before, so what each form means is still sqlparser's decision. Where it
//! answers, its answer must equal sqlparser's: its tests (`scan/tests.rs`) compare the two on
//! generated texts, and the fuzz oracle (`fuzz/oracle.rs`) on every text it is given.

use sqlparser::keywords::{Keyword, ALL_KEYWORDS, ALL_KEYWORDS_INDEX};
use sqlparser::tokenizer::{Location, Span, Token, TokenWithSpan, Whitespace, Word};

/// `text`'s tokens as sqlparser's tokenizer (with [`super::dialect::SqlModeDialect`]) reads
/// them, or `None` where the text holds anything this tokenizer leaves to sqlparser.
pub fn tokens(text: &str) -> Option<Vec<TokenWithSpan>> {
    if !text.is_ascii() {
        return None;
    }
    let mut scanner = Scanner { bytes: text.as_bytes(), at: 0, line: 1, column: 1 };
    let mut tokens = Vec::with_capacity(text.len() / 3 + 1);
    while scanner.at < scanner.bytes.len() {
        let start = scanner.location();
        let token = scanner.token()?;
        tokens.push(TokenWithSpan { token, span: Span::new(start, scanner.location()) });
    }
    Some(tokens)
}

/// A position in ASCII text, counted in lines and columns as sqlparser counts them.
struct Scanner<'a> {
    bytes: &'a [u8],
    at: usize,
    line: u64,
    column: u64,
}

impl Scanner<'_> {
    fn location(&self) -> Location {
        Location { line: self.line, column: self.column }
    }

    fn peek(&self, ahead: usize) -> Option<u8> {
        self.bytes.get(self.at + ahead).copied()
    }

    /// Move past `count` bytes, counting lines as sqlparser does (a new line after `\n`).
    fn advance(&mut self, count: usize) {
        for &byte in &self.bytes[self.at..self.at + count] {
            if byte == b'\n' {
                self.line += 1;
                self.column = 1;
            } else {
                self.column += 1;
            }
        }
        self.at += count;
    }

    /// The text from `from` to the current position (ASCII, so any byte offset is a boundary).
    fn text_since(&self, from: usize) -> &str {
        std::str::from_utf8(&self.bytes[from..self.at]).expect("ASCII text")
    }

    /// Bytes from `ahead` bytes past the current position while `part` holds.
    fn run(&self, ahead: usize, part: impl Fn(u8) -> bool) -> usize {
        self.bytes.get(self.at + ahead..).unwrap_or_default().iter().take_while(|&&byte| part(byte)).count()
    }

    /// The `length` bytes after the quote at the current position.
    fn quoted(&self, length: usize) -> &str {
        std::str::from_utf8(&self.bytes[self.at + 1..self.at + 1 + length]).expect("ASCII text")
    }

    /// The next token, or `None` to leave the text to sqlparser. Each arm gives what
    /// sqlparser's `next_token` gives for that start under the DuckDB dialect; the starts
    /// sqlparser reads as something longer (`--`, `->`, `/*`, `==`, `=>`, `<=>`, `<<`, `<@`,
    /// `>>`, `||/`), and a lone `|`, `!` or `:`, are given up on.
    fn token(&mut self) -> Option<Token> {
        let next = self.peek(1);
        let (token, length) = match self.peek(0)? {
            b' ' => (Token::Whitespace(Whitespace::Space), 1),
            b'\t' => (Token::Whitespace(Whitespace::Tab), 1),
            b'\n' => (Token::Whitespace(Whitespace::Newline), 1),
            b'(' => (Token::LParen, 1),
            b')' => (Token::RParen, 1),
            b'[' => (Token::LBracket, 1),
            b']' => (Token::RBracket, 1),
            b',' => (Token::Comma, 1),
            b';' => (Token::SemiColon, 1),
            b'+' => (Token::Plus, 1),
            b'*' => (Token::Mul, 1),
            b'%' => (Token::Mod, 1),
            b'-' => match next {
                Some(b'-' | b'>') => return None,
                _ => (Token::Minus, 1),
            },
            b'/' => match next {
                Some(b'*') => return None,
                Some(b'/') => (Token::DuckIntDiv, 2),
                _ => (Token::Div, 1),
            },
            b'|' => match (next, self.peek(2)) {
                (Some(b'|'), Some(b'/')) => return None,
                (Some(b'|'), _) => (Token::StringConcat, 2),
                _ => return None,
            },
            b'=' => match next {
                Some(b'>' | b'=') => return None,
                _ => (Token::Eq, 1),
            },
            b'!' => match next {
                Some(b'=') => (Token::Neq, 2),
                _ => return None,
            },
            b'<' => match next {
                Some(b'=') if self.peek(2) == Some(b'>') => return None,
                Some(b'=') => (Token::LtEq, 2),
                Some(b'>') => (Token::Neq, 2),
                Some(b'<' | b'@' | b'|' | b'-' | b'^') => return None,
                _ => (Token::Lt, 1),
            },
            b'>' => match next {
                Some(b'=') => (Token::GtEq, 2),
                Some(b'>' | b'^') => return None,
                _ => (Token::Gt, 1),
            },
            b':' => match next {
                Some(b':') => (Token::DoubleColon, 2),
                _ => return None,
            },
            // `.5` is a number and `._` an error to sqlparser.
            b'.' => match next {
                Some(b'0'..=b'9' | b'_') => return None,
                _ => (Token::Period, 1),
            },
            b'0'..=b'9' => return self.number(),
            b'"' => return self.quoted_name(),
            b'\'' => return self.string(),
            b'$' => return self.placeholder(),
            byte if byte.is_ascii_alphabetic() || byte == b'_' => return self.word(),
            _ => return None,
        };
        self.advance(length);
        Some(token)
    }

    /// `123` or `1.5`; an exponent, a trailing or second period, or a letter, quote or `$`
    /// against the digits (`1e3`, `1.`, `0x1F`, `5L`, `1_000`) is left to sqlparser.
    fn number(&mut self) -> Option<Token> {
        let start = self.at;
        let mut length = self.run(0, |byte| byte.is_ascii_digit());
        if self.peek(length) == Some(b'.') {
            let fraction = self.run(length + 1, |byte| byte.is_ascii_digit());
            if fraction == 0 {
                return None;
            }
            length += 1 + fraction;
        }
        if self.peek(length).is_some_and(|byte| byte.is_ascii_alphanumeric() || b"_$.'\"".contains(&byte)) {
            return None;
        }
        self.advance(length);
        Some(Token::Number(self.text_since(start).to_string(), false))
    }

    /// A name or keyword; one a quote follows (`N'…'`, `X'…'`, `e'…'`) is left to sqlparser.
    fn word(&mut self) -> Option<Token> {
        let start = self.at;
        let length = self.run(0, |byte| byte.is_ascii_alphanumeric() || byte == b'_' || byte == b'$');
        if matches!(self.peek(length), Some(b'\'' | b'"')) {
            return None;
        }
        self.advance(length);
        let word = self.text_since(start);
        Some(Token::Word(Word { value: word.to_string(), quote_style: None, keyword: keyword(word) }))
    }

    /// `"name"`; one holding `""` or left open is left to sqlparser.
    fn quoted_name(&mut self) -> Option<Token> {
        let inside = self.closed_by(b'"')?;
        let value = self.quoted(inside).to_string();
        self.advance(inside + 2);
        Some(Token::Word(Word { value, quote_style: Some('"'), keyword: Keyword::NoKeyword }))
    }

    /// `'text'`; one holding `''` or a backslash, or left open, is left to sqlparser.
    fn string(&mut self) -> Option<Token> {
        let inside = self.closed_by(b'\'')?;
        let value = self.quoted(inside);
        if value.contains('\\') {
            return None;
        }
        let value = value.to_string();
        self.advance(inside + 2);
        Some(Token::SingleQuotedString(value))
    }

    /// The length of what lies between the quote at the current position and the next
    /// `quote`, unless there is no next one or another quote follows it at once.
    fn closed_by(&self, quote: u8) -> Option<usize> {
        let inside = self.bytes[self.at + 1..].iter().position(|&byte| byte == quote)?;
        match self.peek(inside + 2) {
            Some(byte) if byte == quote => None,
            _ => Some(inside),
        }
    }

    /// `$1`; any other use of `$` is left to sqlparser.
    fn placeholder(&mut self) -> Option<Token> {
        let start = self.at;
        let digits = self.run(1, |byte| byte.is_ascii_digit());
        if digits == 0
            || self.peek(1 + digits).is_some_and(|byte| byte.is_ascii_alphanumeric() || byte == b'_' || byte == b'$')
        {
            return None;
        }
        self.advance(1 + digits);
        Some(Token::Placeholder(self.text_since(start).to_string()))
    }
}

/// The keyword `word` is, as sqlparser's `Token::make_word` finds it (its upper case in
/// `ALL_KEYWORDS`), without upper-casing it into a `String` and comparing whole strings at
/// every step of a binary search: the search runs over [`KEYWORD_PREFIXES`] and compares
/// whole words only among the few keywords that share the word's first eight letters.
fn keyword(word: &str) -> Keyword {
    let prefix = upper_prefix(word.as_bytes());
    let first = KEYWORD_PREFIXES.partition_point(|&p| p < prefix);
    let same = KEYWORD_PREFIXES[first..].iter().take_while(|&&p| p == prefix).count();
    (first..first + same)
        .find(|&index| ALL_KEYWORDS[index].as_bytes().eq_ignore_ascii_case(word.as_bytes()))
        .map_or(Keyword::NoKeyword, |index| ALL_KEYWORDS_INDEX[index])
}

/// The first eight bytes of `word`, upper case, as a big-endian number padded with zero
/// bytes: numbers in the order of the words (sqlparser's keywords are sorted upper-case
/// ASCII, and a zero byte sorts before every letter, as a shorter word sorts before the
/// longer one it begins).
const fn upper_prefix(word: &[u8]) -> u64 {
    let mut prefix = 0u64;
    let mut i = 0;
    while i < 8 {
        let byte = if i < word.len() { word[i].to_ascii_uppercase() } else { 0 };
        prefix = (prefix << 8) | byte as u64;
        i += 1;
    }
    prefix
}

/// [`upper_prefix`] of every keyword in `ALL_KEYWORDS`, in its order, computed at build time.
static KEYWORD_PREFIXES: [u64; ALL_KEYWORDS.len()] = {
    let mut prefixes = [0u64; ALL_KEYWORDS.len()];
    let mut i = 0;
    while i < ALL_KEYWORDS.len() {
        prefixes[i] = upper_prefix(ALL_KEYWORDS[i].as_bytes());
        i += 1;
    }
    prefixes
};

#[cfg(test)]
mod tests;
