//! `GROUP BY GROUPING SETS (a, (a, b), ())`: DuckDB reads a grouping set written without
//! parentheses (`a`) as the set of that one expression (`(a)`); sqlparser 0.59 reads only
//! parenthesised sets. Before parsing, each set of a `GROUPING SETS (…)` list that is not
//! one parenthesised group is put in parentheses, on the tokens, so the tree validated
//! and the text emitted hold DuckDB's sets (`GROUPING SETS ((a), (a, b), ())`, the same
//! `group_sets` in DuckDB's parse tree). A set that is itself `GROUPING SETS`, `ROLLUP` or
//! `CUBE` is refused with what to write instead.

use sqlparser::keywords::Keyword;
use sqlparser::tokenizer::{Token, TokenWithSpan};

use super::validate::position;
use crate::error::{Code, CompileError, Result};

/// `tokens` with every bare grouping set in parentheses.
pub fn parenthesize(tokens: Vec<TokenWithSpan>) -> Result<Vec<TokenWithSpan>> {
    if !tokens.iter().any(|t| is_keyword(&t.token, Keyword::SETS)) {
        return Ok(tokens);
    }
    // The sets to wrap, as indexes of their first and last tokens: the list is rebuilt once,
    // however many sets there are.
    let mut opens = Vec::new();
    let mut closes = Vec::new();
    for open in (0..tokens.len()).filter_map(|i| list_start(&tokens, i)) {
        for (first, last) in sets(&tokens, open) {
            if starts_nested_set(&tokens[first].token) {
                return Err(CompileError::new(
                    Code::UnsupportedSyntax,
                    position(tokens[first].span),
                    "a grouping set inside GROUPING SETS is not supported here",
                )
                .with_hint(
                    "list the sets one by one: GROUPING SETS ((a), (a, b), ()); ROLLUP (a, b) is ((a, b), (a), ())",
                ));
            }
            if !is_one_group(&tokens, first, last) {
                opens.push(first);
                closes.push(last);
            }
        }
    }
    opens.sort_unstable();
    closes.sort_unstable();
    let mut wrapped = Vec::with_capacity(tokens.len() + 2 * opens.len());
    let (mut next_open, mut next_close) = (opens.iter().peekable(), closes.iter().peekable());
    for (i, token) in tokens.into_iter().enumerate() {
        while next_open.next_if(|&&at| at == i).is_some() {
            wrapped.push(TokenWithSpan::new(Token::LParen, token.span));
        }
        let span = token.span;
        wrapped.push(token);
        while next_close.next_if(|&&at| at == i).is_some() {
            wrapped.push(TokenWithSpan::new(Token::RParen, span));
        }
    }
    Ok(wrapped)
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
