//! The checker's vocabulary: the words that hedge a number, bound it, quantify over every
//! member, claim a change over time or a rank, and admit a warning. English only; each list
//! is matched word by word, case ignored.

/// Words before a number that admit it is rounded: "about 15", "~15".
pub const HEDGES: &[&str] = &[
    "about",
    "around",
    "roughly",
    "approximately",
    "approx",
    "nearly",
    "almost",
    "some",
    "circa",
    "ca",
    "~",
    "≈",
    "est",
    "estimated",
    "rounded",
];

/// Words before a number that make it a bound, and which way: `true` for a lower bound
/// ("over 30": the value is above 30), `false` for an upper bound ("under 15").
pub const BOUNDS: &[(&str, bool)] = &[
    ("over", true),
    ("above", true),
    ("exceeding", true),
    ("exceeds", true),
    ("beyond", true),
    ("least", true), // "at least"
    ("cross", true),
    ("crossed", true),
    ("crossing", true),
    ("topped", true),
    ("surpassed", true),
    ("exceeded", true),
    ("under", false),
    ("below", false),
    ("within", false),
    ("most", false), // "at most"
    ("to", false),   // "up to"; only after "up"
];

/// Comparatives before "than": "more than 10" is a lower bound, "less than" an upper one.
pub const THAN_BOUNDS: &[(&str, bool)] = &[
    ("more", true),
    ("greater", true),
    ("higher", true),
    ("longer", true),
    ("less", false),
    ("fewer", false),
    ("lower", false),
    ("shorter", false),
];

/// Comparatives that say which of two groups is the larger: `true` the group named just
/// before the word ("Normal … 36% longer", "North America had 25% more … than Europe").
pub const COMPARATIVES: &[(&str, bool)] = &[
    ("more", true),
    ("higher", true),
    ("larger", true),
    ("greater", true),
    ("bigger", true),
    ("above", true),
    ("longer", true),
    ("less", false),
    ("fewer", false),
    ("lower", false),
    ("smaller", false),
    ("below", false),
    ("shorter", false),
];

/// Words that claim something of every member (or none).
pub const UNIVERSALS: &[&str] = &["every", "all", "none", "always", "never", "each", "everyone", "everything"];

/// Universal words that claim "not one".
pub fn negative_universal(word: &str) -> bool {
    matches!(word, "none" | "never" | "no")
}

/// Words that may stand between a universal word and the noun it quantifies.
pub const QUANTIFIER_FILLER: &[&str] = &[
    "the", "of", "our", "these", "those", "its", "their", "a", "an", "s", "single", "one", "two", "three", "four",
    "five", "six", "seven", "eight", "nine", "ten", "listed", "reported",
];

/// Nouns that name groups whatever the columns are called.
pub const GROUP_NOUNS: &[&str] = &["group", "groups", "row", "rows", "category", "categories", "bucket", "buckets"];

/// Nouns for the grains of time columns.
pub const TIME_NOUNS: &[&str] =
    &["day", "days", "week", "weeks", "month", "months", "quarter", "quarters", "year", "years", "period", "periods"];

/// Words naming a central or extreme aggregate, and which.
pub const AGGREGATE_WORDS: &[(&str, super::receipt::Aggregate)] = {
    use super::receipt::Aggregate::*;
    &[
        ("average", Average),
        ("averages", Average),
        ("averaged", Average),
        ("averaging", Average),
        ("mean", Average),
        ("avg", Average),
        ("mtta", Average),
        ("median", Median),
        ("typical", Median),
        ("typically", Median),
        ("percentile", Percentile),
        ("maximum", Max),
        ("max", Max),
        ("minimum", Min),
        ("min", Min),
    ]
};

/// Words that claim a change over time.
pub const TRENDS: &[&str] = &[
    "increased",
    "increase",
    "increases",
    "increasing",
    "decreased",
    "decrease",
    "decreases",
    "decreasing",
    "grew",
    "grown",
    "growing",
    "growth",
    "fell",
    "fallen",
    "rose",
    "risen",
    "rising",
    "declined",
    "decline",
    "declining",
    "dropped",
    "climbed",
    "climbing",
    "trend",
    "trending",
    "worsened",
    "improved",
    "improving",
    "worsening",
    "doubled",
    "halved",
    "upward",
    "downward",
];

/// Two-word trend phrases: "went up", "went down".
pub const TREND_PAIRS: &[(&str, &str)] =
    &[("went", "up"), ("went", "down"), ("gone", "up"), ("gone", "down"), ("go", "up"), ("go", "down")];

/// Words that rank, and which end of the order they name: `Some(true)` the top (highest
/// first), `Some(false)` the bottom, `None` either ("best" can be the lowest time).
pub const RANKS: &[(&str, Option<bool>)] = &[
    ("top", Some(true)),
    ("highest", Some(true)),
    ("largest", Some(true)),
    ("biggest", Some(true)),
    ("greatest", Some(true)),
    ("slowest", Some(true)),
    ("longest", Some(true)),
    ("most", Some(true)), // only as "the most"
    ("leads", Some(true)),
    ("leading", Some(true)),
    ("bottom", Some(false)),
    ("lowest", Some(false)),
    ("smallest", Some(false)),
    ("fewest", Some(false)),
    ("least", Some(false)), // only as "the least"
    ("fastest", Some(false)),
    ("quickest", Some(false)),
    ("shortest", Some(false)),
    ("best", None),
    ("worst", None),
    ("poorest", Some(false)),
];

/// What a hyphenated rank ranks by when it is an amount: "best-selling", "slowest-selling".
pub const AMOUNT_PARTICIPLES: &[&str] = &[
    "selling",
    "sellers",
    "seller",
    "earning",
    "earner",
    "earners",
    "grossing",
    "performing",
    "performer",
    "performers",
    "moving",
    "paid",
    "paying",
];

/// Words that scope a rank to the rows shown: "of the products listed", "among those shown".
pub const SCOPE_TO_SHOWN: &[&str] = &["shown", "listed", "displayed", "returned", "visible"];

/// Number words after "top"/"bottom": "the top three".
pub const SMALL_NUMBERS: &[(&str, u64)] = &[
    ("one", 1),
    ("two", 2),
    ("three", 3),
    ("four", 4),
    ("five", 5),
    ("six", 6),
    ("seven", 7),
    ("eight", 8),
    ("nine", 9),
    ("ten", 10),
    ("eleven", 11),
    ("twelve", 12),
];

/// Words before a year: "in 2026".
pub const BEFORE_YEAR: &[&str] = &[
    "in", "since", "during", "of", "for", "by", "until", "before", "after", "from", "to", "through", "early", "late",
    "fy",
];

/// Month names (a year may follow one).
pub const MONTH_WORDS: &[&str] = &[
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
    "jan",
    "feb",
    "mar",
    "apr",
    "jun",
    "jul",
    "aug",
    "sep",
    "sept",
    "oct",
    "nov",
    "dec",
];

/// Words that split a sentence into clauses for attributing numbers to labels.
pub const CLAUSE_WORDS: &[&str] =
    &["and", "but", "while", "whilst", "whereas", "versus", "vs", "than", "compared", "against"];

/// Words that admit nulls were skipped.
pub const ADMIT_NULLS: &[&str] = &[
    "null",
    "nulls",
    "missing",
    "skipped",
    "skipping",
    "skips",
    "excludes",
    "exclude",
    "blank",
    "empty",
    "unrecorded",
    "unknown",
    "excluded",
    "excluding",
    "ignored",
    "ignoring",
    "unacknowledged",
    "lacks",
    "lacking",
    "without",
];

/// Word pairs that admit values or rows are missing.
pub const ADMIT_MISSING_PAIRS: &[&str] = &[
    "no value",
    "no time",
    "not recorded",
    "no record",
    "no data",
    "no acknowledgement",
    "not acknowledged",
    "never acknowledged",
    "left out",
    "not counted",
    "not counting",
    "had no",
    "has no",
    "have no",
    "not included",
    "no ack",
];

/// Words that admit rows were left out.
pub const ADMIT_EXCLUDED: &[&str] =
    &["missing", "excluded", "excluding", "null", "nulls", "unknown", "blank", "omitted", "without", "uncounted"];

/// Words that admit the answer was cut.
pub const ADMIT_TRUNCATED: &[&str] = &[
    "not all",
    "truncated",
    "truncation",
    "shown",
    "showing",
    "shows",
    "partial",
    "only",
    "first",
    "listed",
    "cut",
    "least",
    "limited",
];

/// Whether `word` (lowercase) is in `list`.
pub fn is_in(list: &[&str], word: &str) -> bool {
    list.contains(&word)
}
