//! `GROUP BY GROUPING SETS (a, (a, b), ())`: DuckDB reads a grouping set written without
//! parentheses (`a`) as the set of that one expression (`(a)`); sqlparser 0.59 reads only
//! parenthesised sets. Before parsing, each set of a `GROUPING SETS (…)` list that is not
//! one parenthesised group is put in parentheses, on the tokens, so the tree validated
//! and the text emitted hold DuckDB's sets (`GROUPING SETS ((a), (a, b), ())`, the same
//! `group_sets` in DuckDB's parse tree). A set that is itself `GROUPING SETS`, `ROLLUP` or
//! `CUBE` is written out as the sets it stands for, in the order DuckDB's parser lists them
//! (`GROUPING SETS (ROLLUP (a, b), c)` is `GROUPING SETS ((), (a), (a, b), (c))`), so the
//! reading proof finds DuckDB's tree of the caller's text in the statement that runs.

use sqlparser::keywords::Keyword;
use sqlparser::tokenizer::{Token, TokenWithSpan};

use super::position::position;
use crate::error::{Code, CompileError, Result};

/// `tokens` with every bare grouping set in parentheses, and every `ROLLUP`, `CUBE` or
/// `GROUPING SETS` inside `GROUPING SETS (…)` written out as the sets it stands for, in the
/// order DuckDB's parser lists them (so DuckDB's `group_sets` are the same either way).
pub fn parenthesize(tokens: Vec<TokenWithSpan>) -> Result<Vec<TokenWithSpan>> {
    if !tokens.iter().any(|t| is_keyword(&t.token, Keyword::SETS)) {
        return Ok(tokens);
    }
    // Each set to rewrite, by its first and last token: the list is rebuilt once, however
    // many sets there are.
    let mut rewrites: Vec<(usize, usize, Vec<Vec<Range>>)> = Vec::new();
    for open in (0..tokens.len()).filter_map(|i| list_start(&tokens, i)) {
        if rewrites.iter().any(|&(first, last, _)| (first..=last).contains(&open)) {
            continue; // a list nested in a set already written out
        }
        for (first, last) in sets(&tokens, open) {
            if starts_nested_set(&tokens[first].token) {
                rewrites.push((first, last, expand(&tokens, first, 0)?));
            } else if !is_one_group(&tokens, first, last) {
                rewrites.push((first, last, vec![vec![(first, last)]]));
            }
        }
    }
    rewrites.sort_by_key(|&(first, _, _)| first);
    let mut written = Vec::with_capacity(tokens.len() + 2 * rewrites.len());
    let mut next = rewrites.into_iter().peekable();
    let mut i = 0;
    while i < tokens.len() {
        match next.next_if(|&(first, _, _)| first == i) {
            Some((first, last, groups)) => {
                write_sets(&tokens, &groups, tokens[first].span, &mut written);
                i = last + 1;
            }
            None => {
                written.push(tokens[i].clone());
                i += 1;
            }
        }
    }
    Ok(written)
}

/// A run of tokens, by its first and last index.
type Range = (usize, usize);

/// How deep `GROUPING SETS` may nest inside one another here.
const MAX_NESTED_SETS: usize = 8;

/// The most expressions a `CUBE` inside `GROUPING SETS` may list: it stands for 2ⁿ sets.
const MAX_CUBE_ITEMS: usize = 8;

/// The sets a nested `ROLLUP (…)`, `CUBE (…)` or `GROUPING SETS (…)` at `first` stands
/// for, each a list of expressions, in DuckDB's order: `ROLLUP (a, b)` is `()`, `(a)`,
/// `(a, b)`; `CUBE (a, b)` is `()`, `(a)`, `(a, b)`, `(b)` (subsets depth first);
/// `GROUPING SETS` its own sets, flattened.
fn expand(tokens: &[TokenWithSpan], first: usize, depth: usize) -> Result<Vec<Vec<Range>>> {
    let refuse = |why: &str| {
        CompileError::new(Code::UnsupportedSyntax, position(tokens[first].span), why.to_string())
            .with_hint("list the sets one by one: GROUPING SETS ((a), (a, b), ()); ROLLUP (a, b) is ((), (a), (a, b))")
    };
    if depth >= MAX_NESTED_SETS {
        return Err(refuse("grouping sets nest too deeply"));
    }
    if let Some(open) = list_start(tokens, first) {
        let mut all = Vec::new();
        for (set_first, set_last) in sets(tokens, open) {
            if starts_nested_set(&tokens[set_first].token) {
                all.extend(expand(tokens, set_first, depth + 1)?);
            } else {
                all.push(items(tokens, set_first, set_last));
            }
        }
        return Ok(all);
    }
    let Some(open) = significant(tokens, first + 1).filter(|&j| tokens[j].token == Token::LParen) else {
        return Err(refuse("a ROLLUP or CUBE without its list"));
    };
    let groups: Vec<Vec<Range>> = sets(tokens, open).into_iter().map(|(f, l)| items(tokens, f, l)).collect();
    if is_keyword(&tokens[first].token, Keyword::ROLLUP) {
        return Ok((0..=groups.len()).map(|n| groups[..n].concat()).collect());
    }
    if groups.len() > MAX_CUBE_ITEMS {
        return Err(refuse("a CUBE inside GROUPING SETS lists more than 8 expressions"));
    }
    let mut all = Vec::new();
    cube_sets(&groups, Vec::new(), 0, &mut all);
    Ok(all)
}

/// DuckDB's order of a cube's sets: the set so far, then each set that adds a later group.
fn cube_sets(groups: &[Vec<Range>], current: Vec<Range>, start: usize, all: &mut Vec<Vec<Range>>) {
    all.push(current.clone());
    for k in start..groups.len() {
        let mut child = current.clone();
        child.extend(groups[k].iter().copied());
        cube_sets(groups, child, k + 1, all);
    }
}

/// The expressions of one set: a parenthesised group's own items (none for `()`), or the
/// set itself.
fn items(tokens: &[TokenWithSpan], first: usize, last: usize) -> Vec<Range> {
    if is_one_group(tokens, first, last) {
        sets(tokens, first)
    } else {
        vec![(first, last)]
    }
}

/// `(e1, e2), (e3), ()` for `groups`, with new punctuation at `span`.
fn write_sets(
    tokens: &[TokenWithSpan],
    groups: &[Vec<Range>],
    span: sqlparser::tokenizer::Span,
    written: &mut Vec<TokenWithSpan>,
) {
    for (g, group) in groups.iter().enumerate() {
        if g > 0 {
            written.push(TokenWithSpan::new(Token::Comma, span));
        }
        written.push(TokenWithSpan::new(Token::LParen, span));
        for (e, &(first, last)) in group.iter().enumerate() {
            if e > 0 {
                written.push(TokenWithSpan::new(Token::Comma, span));
            }
            written.extend(tokens[first..=last].iter().cloned());
        }
        written.push(TokenWithSpan::new(Token::RParen, span));
    }
}

fn is_keyword(token: &Token, keyword: Keyword) -> bool {
    matches!(token, Token::Word(word) if word.quote_style.is_none() && word.keyword == keyword)
}

fn is_blank(token: &Token) -> bool {
    matches!(token, Token::Whitespace(_))
}

/// The next significant token at or after `i`.
fn significant(tokens: &[TokenWithSpan], mut i: usize) -> Option<usize> {
    while i < tokens.len() && is_blank(&tokens[i].token) {
        i += 1;
    }
    (i < tokens.len()).then_some(i)
}

/// Where `GROUPING SETS (` starting at `i` opens its list: the index of the `(`.
fn list_start(tokens: &[TokenWithSpan], i: usize) -> Option<usize> {
    if !is_keyword(&tokens[i].token, Keyword::GROUPING) {
        return None;
    }
    let sets = significant(tokens, i + 1).filter(|&j| is_keyword(&tokens[j].token, Keyword::SETS))?;
    significant(tokens, sets + 1).filter(|&j| tokens[j].token == Token::LParen)
}

/// The first and last significant token of each set of the list opened at `open`.
fn sets(tokens: &[TokenWithSpan], open: usize) -> Vec<(usize, usize)> {
    let mut sets = Vec::new();
    let mut depth = 0usize;
    let mut current: Option<(usize, usize)> = None;
    for (i, token) in tokens.iter().enumerate().skip(open + 1) {
        match &token.token {
            Token::Comma | Token::RParen if depth == 0 => {
                sets.extend(current.take());
                if token.token == Token::RParen {
                    break;
                }
                continue;
            }
            Token::LParen => depth += 1,
            Token::RParen => depth -= 1,
            other if is_blank(other) => continue,
            _ => {}
        }
        current = Some(current.map_or((i, i), |(first, _)| (first, i)));
    }
    sets
}

/// Whether `first..=last` is one parenthesised group, `( … )`.
fn is_one_group(tokens: &[TokenWithSpan], first: usize, last: usize) -> bool {
    if tokens[first].token != Token::LParen {
        return false;
    }
    let mut depth = 0usize;
    for (i, token) in tokens.iter().enumerate().take(last + 1).skip(first) {
        match token.token {
            Token::LParen => depth += 1,
            Token::RParen => {
                depth -= 1;
                if depth == 0 {
                    return i == last;
                }
            }
            _ => {}
        }
    }
    false
}

fn starts_nested_set(token: &Token) -> bool {
    [Keyword::GROUPING, Keyword::ROLLUP, Keyword::CUBE].iter().any(|k| is_keyword(token, *k))
}
