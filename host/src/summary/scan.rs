//! The summary's text as tokens (words, numbers, punctuation) and sentences, read by hand in
//! one pass: no regular expression, no backtracking, each byte looked at a bounded number of
//! times.
//!
//! Numbers: digits with `,` thousands separators (groups of exactly three), a `.` decimal
//! part, a leading `-` or `−`, then `%`, `k`/`K` (thousands), `M` (millions), `bn`, or the
//! words `percent`/`per cent`, `thousand`, `million`, `billion`. `1st`, `2nd`, `90th` are
//! ordinals; a digit run inside a word (`P1`, `I-101`), an ISO date (`2026-01-04`,
//! `2026-01`) and a clock time (`10:30`) are not numbers. Number words ("three") are not
//! read as numbers.

/// What a token is.
#[derive(Debug, Clone, PartialEq)]
pub enum Kind {
    /// Letters and digits (and `-`, `_` between them): `Platform`, `P1`, `I-101`.
    Word,
    /// A number as written.
    Number(Number),
    /// An ISO date or month (`2026-01-04`, `2026-01`), a clock time, or a digit run too long
    /// to be a figure: not read as a number.
    Opaque,
    /// Any other character that is not white space.
    Punct(char),
}

/// A number as the text writes it.
#[derive(Debug, Clone, PartialEq)]
pub struct Number {
    /// The value, scaled (`1.2k` is 1200); a percent is kept as written (`67%` is 67).
    pub value: f64,
    /// Digits after the decimal point.
    pub decimals: u32,
    /// Zeros at the end of the integer part of a number without decimals (`1200` has 2).
    pub trailing_zeros: u32,
    /// `k`, `M`, … : 1e3, 1e6; else 1.
    pub scale: f64,
    pub percent: bool,
    /// "percentage points" (`pp`): a difference of two percentages, not a percentage.
    pub points: bool,
    pub ordinal: bool,
}

impl Number {
    /// The unit of the last digit written: `14.7` → 0.1, `12k` → 1000, `15` → 1.
    pub fn step(&self) -> f64 {
        10f64.powi(-(self.decimals as i32)) * self.scale
    }

    /// The unit of the last digit that is not a trailing zero (`1,200` → 100): the
    /// precision a hedged number ("about 1,200") may be read at.
    pub fn loose_step(&self) -> f64 {
        self.step() * 10f64.powi(self.trailing_zeros as i32)
    }

    /// Whether the way the number is written states its precision: decimals, a suffix or a
    /// percent (a whole percent is the usual rounding of a share).
    pub fn states_precision(&self) -> bool {
        self.decimals > 0 || self.scale > 1.0 || self.percent
    }
}

/// One token: its kind and its byte span in the text.
#[derive(Debug, Clone, PartialEq)]
pub struct Token {
    pub kind: Kind,
    pub start: usize,
    pub end: usize,
}

/// A sentence: the range of its tokens and its byte span.
#[derive(Debug, Clone, PartialEq)]
pub struct Sentence {
    pub tokens: std::ops::Range<usize>,
    pub start: usize,
    pub end: usize,
}

/// The text, tokenised.
#[derive(Debug)]
pub struct Scanned<'a> {
    pub text: &'a str,
    pub tokens: Vec<Token>,
    pub sentences: Vec<Sentence>,
}

impl<'a> Scanned<'a> {
    /// The token's text.
    pub fn word(&self, i: usize) -> &'a str {
        &self.text[self.tokens[i].start..self.tokens[i].end]
    }

    /// The token's text lowercased, when it is a word.
    pub fn lower(&self, i: usize) -> Option<String> {
        matches!(self.tokens.get(i)?.kind, Kind::Word).then(|| self.word(i).to_lowercase())
    }

    /// Whether token `i` is the word `word` (ASCII case ignored).
    pub fn is_word(&self, i: usize, word: &str) -> bool {
        self.tokens.get(i).is_some_and(|t| t.kind == Kind::Word) && self.word(i).eq_ignore_ascii_case(word)
    }
}

/// Longest number token read as a number (more is an opaque run of digits).
const MAX_NUMBER_BYTES: usize = 40;

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric()
}

/// Tokenises `text` and splits it into sentences.
pub fn scan(text: &str) -> Scanned<'_> {
    let tokens = tokenize(text);
    let sentences = sentences(text, &tokens);
    Scanned { text, tokens, sentences }
}

fn tokenize(text: &str) -> Vec<Token> {
    let bytes = text.as_bytes();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < text.len() {
        let c = text[i..].chars().next().expect("i is on a character boundary");
        if c.is_whitespace() {
            i += c.len_utf8();
            continue;
        }
        let previous = text[..i].chars().next_back();
        let after_word = previous.is_some_and(|p| is_word_char(p) || p == '-' && word_before_hyphen(text, i));
        let negative = (c == '-' || c == '−')
            && !previous.is_some_and(is_word_char)
            && text[i + c.len_utf8()..].starts_with(|d: char| d.is_ascii_digit());
        if (c.is_ascii_digit() || negative) && !after_word {
            let (token, next) = number_token(text, i);
            tokens.push(token);
            i = next;
        } else if is_word_char(c) {
            let end = word_end(text, i);
            tokens.push(Token { kind: Kind::Word, start: i, end });
            i = end;
        } else {
            tokens.push(Token { kind: Kind::Punct(c), start: i, end: i + c.len_utf8() });
            i += c.len_utf8();
        }
        debug_assert!(i <= bytes.len());
    }
    tokens
}

/// Whether the `-` just before `i` joins a word to digits (`I-101`); `10-20` is a range.
fn word_before_hyphen(text: &str, i: usize) -> bool {
    text[..i - 1].chars().next_back().is_some_and(char::is_alphabetic)
}

/// The end of the word starting at `i`: letters and digits, with `-`, `_` or `.` joining two
/// of them (`I-101`, `e.g`), and a digit run glued to letters (`P1`).
fn word_end(text: &str, i: usize) -> usize {
    let mut end = i;
    let mut chars = text[i..].char_indices().peekable();
    while let Some((offset, c)) = chars.next() {
        if is_word_char(c) {
            end = i + offset + c.len_utf8();
        } else if matches!(c, '-' | '_') && chars.peek().is_some_and(|(_, n)| is_word_char(*n)) {
            continue;
        } else {
            break;
        }
    }
    end
}

/// Reads the number starting at `start` (a digit or a minus sign before one).
fn number_token(text: &str, start: usize) -> (Token, usize) {
    let bytes = text.as_bytes();
    let mut i = start;
    let negative = !bytes[i].is_ascii_digit();
    if negative {
        i += text[i..].chars().next().map_or(1, char::len_utf8);
    }
    let digits_start = i;
    while i < bytes.len() && bytes[i].is_ascii_digit() {
        i += 1;
    }
    // An ISO date or month, or a clock time: not a figure.
    if let Some(end) = date_or_time_end(bytes, digits_start, i) {
        return (Token { kind: Kind::Opaque, start, end }, end);
    }
    let mut integer: String = text[digits_start..i].to_string();
    // Thousands separators: after one to three digits, `,` and exactly three digits, again
    // and again (`1,234,567`; `12,34` is two numbers).
    if (1..=3).contains(&(i - digits_start)) {
        while bytes.get(i) == Some(&b',')
            && bytes.len() >= i + 4
            && bytes[i + 1..i + 4].iter().all(u8::is_ascii_digit)
            && !bytes.get(i + 4).is_some_and(u8::is_ascii_digit)
        {
            integer.push_str(&text[i + 1..i + 4]);
            i += 4;
        }
    }
    let mut fraction = String::new();
    if i + 1 < bytes.len() && bytes[i] == b'.' && bytes[i + 1].is_ascii_digit() {
        i += 1;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            fraction.push(bytes[i] as char);
            i += 1;
        }
    }
    if i - start > MAX_NUMBER_BYTES {
        let end = skip_glued(text, i);
        return (Token { kind: Kind::Opaque, start, end }, end);
    }
    let (suffix, end) = suffix(text, i);
    let written = if fraction.is_empty() { integer.clone() } else { format!("{integer}.{fraction}") };
    let magnitude: f64 = written.parse().unwrap_or(0.0);
    let trailing_zeros = if fraction.is_empty() && magnitude != 0.0 {
        integer.bytes().rev().take_while(|b| *b == b'0').count() as u32
    } else {
        0
    };
    let number = Number {
        value: if negative { -magnitude } else { magnitude } * suffix.scale,
        decimals: fraction.len() as u32,
        trailing_zeros,
        scale: suffix.scale,
        percent: suffix.percent,
        points: suffix.points,
        ordinal: suffix.ordinal,
    };
    (Token { kind: Kind::Number(number), start, end }, end)
}

/// `2026-01-04`, `2026-01` (four digits, `-`, two digits), `10:30`: where it ends.
fn date_or_time_end(bytes: &[u8], digits_start: usize, i: usize) -> Option<usize> {
    let two_digits = |at: usize| bytes.len() >= at + 2 && bytes[at].is_ascii_digit() && bytes[at + 1].is_ascii_digit();
    let digit_after = |at: usize| bytes.get(at).is_some_and(u8::is_ascii_digit);
    let run = i - digits_start;
    if run == 4 && bytes.get(i) == Some(&b'-') && two_digits(i + 1) && !digit_after(i + 3) {
        let mut end = i + 3;
        if bytes.get(end) == Some(&b'-') && two_digits(end + 1) && !digit_after(end + 3) {
            end += 3;
        }
        return Some(end);
    }
    if (1..=2).contains(&run) && bytes.get(i) == Some(&b':') && two_digits(i + 1) && !digit_after(i + 3) {
        return Some(i + 3);
    }
    None
}

/// Past letters and digits glued to a long digit run.
fn skip_glued(text: &str, mut i: usize) -> usize {
    while let Some(c) = text[i..].chars().next() {
        if !(is_word_char(c) || c == '.' || c == ',') {
            break;
        }
        i += c.len_utf8();
    }
    i
}

#[derive(Clone, Copy)]
struct Suffix {
    scale: f64,
    percent: bool,
    points: bool,
    ordinal: bool,
}

/// What follows a number's digits: `%`, `k`, `M`, `bn`, `st`/`nd`/`rd`/`th`, or (after one
/// space) `percent`, `per cent`, `thousand`, `million`, `billion`. Letters glued to the
/// digits otherwise are a unit (`15m`, `10min`) and are skipped.
fn suffix(text: &str, i: usize) -> (Suffix, usize) {
    let plain = Suffix { scale: 1.0, percent: false, points: false, ordinal: false };
    let points = Suffix { percent: true, points: true, ..plain };
    let rest = &text[i..];
    if let Some(stripped) = rest.strip_prefix('%').or_else(|| rest.strip_prefix(" %")) {
        return (Suffix { percent: true, ..plain }, text.len() - stripped.len());
    }
    let glued: usize = rest.find(|c: char| !is_word_char(c)).unwrap_or(rest.len());
    if glued > 0 {
        let word = &rest[..glued];
        let kind = match word {
            "k" | "K" => Some(Suffix { scale: 1e3, ..plain }),
            "M" | "mn" => Some(Suffix { scale: 1e6, ..plain }),
            "bn" | "B" => Some(Suffix { scale: 1e9, ..plain }),
            "st" | "nd" | "rd" | "th" => Some(Suffix { ordinal: true, ..plain }),
            "pp" | "ppt" | "ppts" => Some(points),
            _ => None,
        };
        return (kind.unwrap_or(plain), i + glued);
    }
    if let Some(after_space) = rest.strip_prefix(' ') {
        let word_len = after_space.find(|c: char| !c.is_ascii_alphabetic()).unwrap_or(after_space.len());
        let word = after_space[..word_len].to_ascii_lowercase();
        let scaled = |scale: f64| Some(Suffix { scale, ..plain });
        // "percentage points", "percent points", "pp": a difference of percentages.
        for lead in ["percentage", "percent"] {
            let tail = &after_space[word_len..];
            if word == lead {
                for point in [" points", " point"] {
                    // `get`: the text after the word may hold any character (`percent—`).
                    if tail.get(..point.len()).is_some_and(|t| t.eq_ignore_ascii_case(point)) {
                        return (points, i + 1 + word_len + point.len());
                    }
                }
            }
        }
        let kind = match word.as_str() {
            "pp" | "ppt" | "ppts" => Some(points),
            "percent" | "pct" => Some(Suffix { percent: true, ..plain }),
            "per" if after_space[word_len..].starts_with(" cent") => {
                return (Suffix { percent: true, ..plain }, i + 1 + word_len + " cent".len());
            }
            "thousand" => scaled(1e3),
            "million" => scaled(1e6),
            "billion" => scaled(1e9),
            _ => None,
        };
        if let Some(kind) = kind {
            return (kind, i + 1 + word_len);
        }
    }
    (plain, i)
}

/// Words whose `.` does not end a sentence.
const ABBREVIATIONS: &[&str] = &["approx", "vs", "etc", "cf", "ca", "incl", "avg", "min", "max", "no", "approx"];

fn sentences(text: &str, tokens: &[Token]) -> Vec<Sentence> {
    let mut out = Vec::new();
    let mut first = 0;
    let close = |out: &mut Vec<Sentence>, from: usize, to: usize| {
        if from < to {
            out.push(Sentence { tokens: from..to, start: tokens[from].start, end: tokens[to - 1].end });
        }
    };
    for (i, token) in tokens.iter().enumerate() {
        let ends = match token.kind {
            Kind::Punct('.')
                if i == first + 1
                    && matches!(tokens[first].kind, Kind::Number(_))
                    && tokens[first].end == token.start =>
            {
                false
            }
            Kind::Punct('.') => {
                let before = i.checked_sub(1).map(|p| &text[tokens[p].start..tokens[p].end]);
                // A single letter before a `.` is an initial or part of "e.g.", "i.e.".
                let abbreviation = before.is_some_and(|w| {
                    w.chars().count() == 1 && w.chars().all(char::is_alphabetic)
                        || ABBREVIATIONS.iter().any(|a| a.eq_ignore_ascii_case(w))
                }) && i > 0
                    && tokens[i - 1].end == token.start;
                !abbreviation && boundary_after(text, token.end)
            }
            Kind::Punct('!') | Kind::Punct('?') => boundary_after(text, token.end),
            _ => false,
        };
        let broken = i + 1 < tokens.len() && line_break_between(text, token.end, tokens[i + 1].start, &tokens[i + 1]);
        if ends || broken {
            close(&mut out, first, i + 1);
            first = i + 1;
        }
    }
    close(&mut out, first, tokens.len());
    out
}

/// A `.` ends a sentence when white space, the end, or a closing quote or bracket follows.
fn boundary_after(text: &str, at: usize) -> bool {
    match text[at..].chars().next() {
        None => true,
        Some(c) => c.is_whitespace() || matches!(c, '"' | '\'' | ')' | ']' | '”' | '’'),
    }
}

/// A blank line, or a line break before a list item (`-`, `*`, `•`, `1.`), ends a sentence;
/// a single line break inside a paragraph does not.
fn line_break_between(text: &str, from: usize, to: usize, next: &Token) -> bool {
    let gap = &text[from..to];
    let breaks = gap.bytes().filter(|b| *b == b'\n').count();
    if breaks >= 2 {
        return true;
    }
    if breaks == 0 {
        return false;
    }
    match &next.kind {
        Kind::Punct(c) => matches!(c, '-' | '*' | '•' | '+' | '#' | '|'),
        Kind::Number(_) => {
            let after = &text[next.end..];
            after.starts_with(". ") || after.starts_with(") ")
        }
        _ => false,
    }
}
