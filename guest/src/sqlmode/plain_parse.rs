//! A parser for the plain statements nearly every request and every re-emitted statement
//! is, giving exactly the tree sqlparser gives them (every span included), at a fraction of
//! its cost: sqlparser tries each word as a data type before reading it as a name, clones
//! each token it peeks at, and walks a chain of optional clauses for every dialect. In the
//! sandbox its two parses of a compile (the request and the round-trip proof) were about
//! half of the compile's instructions.
//!
//! It reads one shape: `SELECT items FROM table [WHERE e] [GROUP BY e, …] [HAVING e]
//! [ORDER BY e [ASC|DESC], …] [LIMIT e] [;]`, where an item is an expression with an
//! optional `AS name`, the table a single plain name, and an expression is built from plain
//! or "quoted" names, numbers, 'strings', `$n` placeholders, function calls (with `*` or
//! `DISTINCT`), parentheses, unary `-`, `+` and `NOT`, the binary operators in
//! [`Reader::operator_ahead`] and `IS [NOT] NULL`. At anything else, and past
//! [`MAX_DEPTH`], it gives up, and [`super::parse_tokens`] parses with sqlparser as before, so
//! what any other form means, and every syntax error, is still sqlparser's. Where it answers,
//! its answer must equal sqlparser's: its tests (`plain_parse/tests.rs`) compare the two on
//! generated statements, and the fuzz oracle (`fuzz/oracle.rs`) on every text it is given.

use sqlparser::ast::helpers::attached_token::AttachedToken;
use sqlparser::ast::{
    BinaryOperator, DuplicateTreatment, Expr, Function, FunctionArg, FunctionArgExpr, FunctionArgumentList,
    FunctionArguments, GroupByExpr, Ident, LimitClause, ObjectName, ObjectNamePart, OrderBy, OrderByExpr, OrderByKind,
    OrderByOptions, Query, Select, SelectFlavor, SelectItem, SetExpr, Statement, TableFactor, TableWithJoins,
    UnaryOperator, Value, ValueWithSpan,
};
use sqlparser::dialect::{Dialect, Precedence};
use sqlparser::keywords::Keyword;
use sqlparser::tokenizer::{Span, Token, TokenWithSpan, Word};

use super::dialect::SqlModeDialect;

/// How deeply expressions may nest here (each operand, parenthesis and argument one level,
/// as sqlparser counts its `parse_subexpr`). A deeper statement is left to sqlparser, whose
/// own limit ([`super::MAX_NESTING`]) then applies; this one is far enough below it that
/// sqlparser never refuses for depth a statement read here.
pub const MAX_DEPTH: usize = 16;

/// Keywords read here as plain names. sqlparser gives each no syntax of its own at the start
/// of an expression: it is not a data type, a literal or a special form, so sqlparser reads
/// it as the name of a column or, before `(`, of a function (the tests check each).
const NAME_KEYWORDS: [Keyword; 5] = [Keyword::AVG, Keyword::COUNT, Keyword::MAX, Keyword::MIN, Keyword::SUM];

/// sqlparser's precedence for `precedence`, as the dialect every SQL-mode parse uses gives it:
/// read from the dialect, not restated, so the two cannot drift apart.
fn prec(precedence: Precedence) -> u8 {
    SqlModeDialect.prec_value(precedence)
}

/// The one statement in `tokens` as sqlparser parses them (with
/// [`super::dialect::SqlModeDialect`]), or `None` where they hold anything left to sqlparser.
pub fn statement(tokens: &[TokenWithSpan]) -> Option<Statement> {
    let tokens: Vec<&TokenWithSpan> = tokens.iter().filter(|t| !matches!(t.token, Token::Whitespace(_))).collect();
    let mut reader = Reader { tokens: &tokens, at: 0, depth: 0 };
    let query = reader.query()?;
    while reader.eat(&Token::SemiColon) {}
    (reader.at == tokens.len()).then(|| Statement::Query(Box::new(query)))
}

/// What follows an operand.
enum Ahead {
    /// A token that ends the expression: sqlparser gives it no precedence.
    End,
    /// A binary operator and its precedence.
    Binary(BinaryOperator, u8),
    /// `IS`, to be followed by `NULL` or `NOT NULL`.
    Is,
}

/// The tokens of a statement, white space removed, and the position reached.
struct Reader<'a> {
    tokens: &'a [&'a TokenWithSpan],
    at: usize,
    depth: usize,
}

static END: Token = Token::EOF;

impl<'a> Reader<'a> {
    fn peek_at(&self, ahead: usize) -> &'a Token {
        self.tokens.get(self.at + ahead).map_or(&END, |t| &t.token)
    }

    fn peek(&self) -> &'a Token {
        self.peek_at(0)
    }

    fn next(&mut self) -> Option<&'a TokenWithSpan> {
        let token = self.tokens.get(self.at).copied();
        self.at += 1;
        token
    }

    fn eat(&mut self, token: &Token) -> bool {
        let found = self.peek() == token;
        if found {
            self.at += 1;
        }
        found
    }

    fn keyword(&mut self, keyword: Keyword) -> bool {
        let found = is_keyword(self.peek(), keyword);
        if found {
            self.at += 1;
        }
        found
    }

    fn query(&mut self) -> Option<Query> {
        let select = self.select()?;
        let order_by = if self.keyword(Keyword::ORDER) {
            self.keyword(Keyword::BY).then_some(())?;
            Some(OrderBy { kind: OrderByKind::Expressions(self.order_by_list()?), interpolate: None })
        } else {
            None
        };
        let limit_clause = if self.keyword(Keyword::LIMIT) {
            Some(LimitClause::LimitOffset { limit: Some(self.expr()?), offset: None, limit_by: Vec::new() })
        } else {
            None
        };
        Some(Query {
            with: None,
            body: Box::new(SetExpr::Select(Box::new(select))),
            order_by,
            limit_clause,
            fetch: None,
            locks: Vec::new(),
            for_clause: None,
            settings: None,
            format_clause: None,
            pipe_operators: Vec::new(),
        })
    }

    fn select(&mut self) -> Option<Select> {
        let select_token = self.next().filter(|t| is_keyword(&t.token, Keyword::SELECT))?;
        let mut projection = Vec::new();
        loop {
            projection.push(self.select_item()?);
            if !self.eat(&Token::Comma) {
                break;
            }
        }
        self.keyword(Keyword::FROM).then_some(())?;
        let from = vec![self.table()?];
        let selection = if self.keyword(Keyword::WHERE) { Some(self.expr()?) } else { None };
        let group_by = GroupByExpr::Expressions(
            if self.keyword(Keyword::GROUP) { self.group_by()? } else { Vec::new() },
            Vec::new(),
        );
        let having = if self.keyword(Keyword::HAVING) { Some(self.expr()?) } else { None };
        // Only what may follow this shape: anything else (a join, an alias, a clause this
        // reader does not know) is sqlparser's to read.
        match self.peek() {
            Token::SemiColon | Token::EOF => {}
            token if is_keyword(token, Keyword::ORDER) || is_keyword(token, Keyword::LIMIT) => {}
            _ => return None,
        }
        Some(Select {
            select_token: AttachedToken(select_token.clone()),
            distinct: None,
            top: None,
            top_before_distinct: false,
            projection,
            exclude: None,
            into: None,
            from,
            lateral_views: Vec::new(),
            prewhere: None,
            selection,
            group_by,
            cluster_by: Vec::new(),
            distribute_by: Vec::new(),
            sort_by: Vec::new(),
            having,
            named_window: Vec::new(),
            qualify: None,
            window_before_qualify: false,
            value_table_mode: None,
            connect_by: None,
            flavor: SelectFlavor::Standard,
        })
    }

    /// The one table after FROM: a plain or "quoted" name, nothing after it.
    fn table(&mut self) -> Option<TableWithJoins> {
        let table = self.next()?;
        let Token::Word(name) = &table.token else { return None };
        if !(is_quoted(name) || (name.quote_style.is_none() && name.keyword == Keyword::NoKeyword)) {
            return None;
        }
        Some(TableWithJoins {
            relation: TableFactor::Table {
                name: object_name(name, table.span),
                alias: None,
                args: None,
                with_hints: Vec::new(),
                version: None,
                with_ordinality: false,
                partitions: Vec::new(),
                json_path: None,
                sample: None,
                index_hints: Vec::new(),
            },
            joins: Vec::new(),
        })
    }

    /// The expressions after GROUP, the reader at BY.
    fn group_by(&mut self) -> Option<Vec<Expr>> {
        self.keyword(Keyword::BY).then_some(())?;
        let mut expressions = Vec::new();
        loop {
            // `(`, `()`, ROLLUP, CUBE and GROUPING SETS are grouping forms of their own.
            if *self.peek() == Token::LParen {
                return None;
            }
            expressions.push(self.expr()?);
            if !self.eat(&Token::Comma) {
                return Some(expressions);
            }
        }
    }

    fn select_item(&mut self) -> Option<SelectItem> {
        let expr = self.expr()?;
        if !self.keyword(Keyword::AS) {
            return match self.peek() {
                Token::Comma => Some(SelectItem::UnnamedExpr(expr)),
                token if is_keyword(token, Keyword::FROM) => Some(SelectItem::UnnamedExpr(expr)),
                // An alias without AS, or anything else.
                _ => None,
            };
        }
        let alias = self.next()?;
        let Token::Word(word) = &alias.token else { return None };
        Some(SelectItem::ExprWithAlias { expr, alias: ident(word, alias.span) })
    }

    fn order_by_list(&mut self) -> Option<Vec<OrderByExpr>> {
        let mut items = Vec::new();
        loop {
            let expr = self.expr()?;
            let asc = if self.keyword(Keyword::ASC) {
                Some(true)
            } else if self.keyword(Keyword::DESC) {
                Some(false)
            } else {
                None
            };
            items.push(OrderByExpr { expr, options: OrderByOptions { asc, nulls_first: None }, with_fill: None });
            if !self.eat(&Token::Comma) {
                return Some(items);
            }
        }
    }

    fn expr(&mut self) -> Option<Expr> {
        self.subexpr(0)
    }

    /// sqlparser's `parse_subexpr`: an operand, then every operator that binds tighter than
    /// `precedence`, each with its right side read at the operator's own precedence.
    fn subexpr(&mut self, precedence: u8) -> Option<Expr> {
        if self.depth >= MAX_DEPTH {
            return None;
        }
        self.depth += 1;
        let mut expr = self.prefix()?;
        loop {
            match self.operator_ahead()? {
                Ahead::End => break,
                Ahead::Binary(op, next) => {
                    if precedence >= next {
                        break;
                    }
                    self.at += 1;
                    let right = self.subexpr(next)?;
                    expr = Expr::BinaryOp { left: Box::new(expr), op, right: Box::new(right) };
                }
                Ahead::Is => {
                    if precedence >= prec(Precedence::Is) {
                        break;
                    }
                    self.at += 1;
                    expr = if self.keyword(Keyword::NULL) {
                        Expr::IsNull(Box::new(expr))
                    } else if self.keyword(Keyword::NOT) && self.keyword(Keyword::NULL) {
                        Expr::IsNotNull(Box::new(expr))
                    } else {
                        return None;
                    };
                }
            }
        }
        self.depth -= 1;
        Some(expr)
    }

    /// What the token after an operand is. `None` for any token this reader does not know
    /// there (`.`, `::`, `[`, `LIKE`, `IN`, `BETWEEN`, `NOT`, `COLLATE`, a word that could be
    /// an alias, …).
    fn operator_ahead(&self) -> Option<Ahead> {
        let binary = |op, precedence| Some(Ahead::Binary(op, precedence));
        match self.peek() {
            Token::Eq => binary(BinaryOperator::Eq, prec(Precedence::Eq)),
            Token::Neq => binary(BinaryOperator::NotEq, prec(Precedence::Eq)),
            Token::Lt => binary(BinaryOperator::Lt, prec(Precedence::Eq)),
            Token::LtEq => binary(BinaryOperator::LtEq, prec(Precedence::Eq)),
            Token::Gt => binary(BinaryOperator::Gt, prec(Precedence::Eq)),
            Token::GtEq => binary(BinaryOperator::GtEq, prec(Precedence::Eq)),
            Token::Plus => binary(BinaryOperator::Plus, prec(Precedence::PlusMinus)),
            Token::Minus => binary(BinaryOperator::Minus, prec(Precedence::PlusMinus)),
            Token::Mul => binary(BinaryOperator::Multiply, prec(Precedence::MulDivModOp)),
            Token::Div => binary(BinaryOperator::Divide, prec(Precedence::MulDivModOp)),
            Token::Mod => binary(BinaryOperator::Modulo, prec(Precedence::MulDivModOp)),
            Token::StringConcat => binary(BinaryOperator::StringConcat, prec(Precedence::MulDivModOp)),
            Token::Comma | Token::RParen | Token::SemiColon | Token::EOF => Some(Ahead::End),
            Token::Word(word) if word.quote_style.is_none() => match word.keyword {
                Keyword::AND => binary(BinaryOperator::And, prec(Precedence::And)),
                Keyword::OR => binary(BinaryOperator::Or, prec(Precedence::Or)),
                Keyword::IS => Some(Ahead::Is),
                Keyword::FROM
                | Keyword::WHERE
                | Keyword::GROUP
                | Keyword::HAVING
                | Keyword::ORDER
                | Keyword::LIMIT
                | Keyword::AS
                | Keyword::ASC
                | Keyword::DESC => Some(Ahead::End),
                _ => None,
            },
            _ => None,
        }
    }

    /// sqlparser's `parse_prefix` for the operands read here.
    fn prefix(&mut self) -> Option<Expr> {
        let token = self.next()?;
        let value = |value| Some(Expr::Value(ValueWithSpan { value, span: token.span }));
        match &token.token {
            Token::Word(word) if word.quote_style.is_none() && word.keyword == Keyword::NOT => {
                let operand = self.subexpr(prec(Precedence::UnaryNot))?;
                Some(Expr::UnaryOp { op: UnaryOperator::Not, expr: Box::new(operand) })
            }
            Token::Word(word) if is_quoted(word) || (word.quote_style.is_none() && is_plain_name(word.keyword)) => {
                if *self.peek() == Token::LParen {
                    self.function(object_name(word, token.span))
                } else {
                    Some(Expr::Identifier(ident(word, token.span)))
                }
            }
            Token::Number(digits, long) => value(Value::Number(digits.clone(), *long)),
            Token::SingleQuotedString(text) => value(Value::SingleQuotedString(text.clone())),
            Token::Placeholder(name) => value(Value::Placeholder(name.clone())),
            Token::Minus | Token::Plus => {
                let op = if token.token == Token::Minus { UnaryOperator::Minus } else { UnaryOperator::Plus };
                let operand = self.subexpr(prec(Precedence::MulDivModOp))?;
                Some(Expr::UnaryOp { op, expr: Box::new(operand) })
            }
            Token::LParen => {
                let inner = self.subexpr(0)?;
                self.eat(&Token::RParen).then(|| Expr::Nested(Box::new(inner)))
            }
            _ => None,
        }
    }

    /// A call `name(…)`, the reader at its `(`: no arguments, `*`, or expressions, the first
    /// optionally after `DISTINCT`; nothing may follow the `)` but what ends an operand.
    fn function(&mut self, name: ObjectName) -> Option<Expr> {
        self.at += 1;
        let mut duplicate_treatment = None;
        let mut args = Vec::new();
        if !self.eat(&Token::RParen) {
            if self.keyword(Keyword::DISTINCT) {
                duplicate_treatment = Some(DuplicateTreatment::Distinct);
            }
            loop {
                // `name = value` and `name VALUE value` are named arguments to sqlparser.
                let second = self.peek_at(1);
                if *second == Token::Eq || is_keyword(second, Keyword::VALUE) {
                    return None;
                }
                let arg =
                    if self.eat(&Token::Mul) { FunctionArgExpr::Wildcard } else { FunctionArgExpr::Expr(self.expr()?) };
                args.push(FunctionArg::Unnamed(arg));
                if self.eat(&Token::RParen) {
                    break;
                }
                self.eat(&Token::Comma).then_some(())?;
            }
        }
        Some(Expr::Function(Function {
            name,
            uses_odbc_syntax: false,
            parameters: FunctionArguments::None,
            args: FunctionArguments::List(FunctionArgumentList { duplicate_treatment, args, clauses: Vec::new() }),
            filter: None,
            null_treatment: None,
            over: None,
            within_group: Vec::new(),
        }))
    }
}

fn is_keyword(token: &Token, keyword: Keyword) -> bool {
    matches!(token, Token::Word(word) if word.keyword == keyword && word.quote_style.is_none())
}

fn is_quoted(word: &Word) -> bool {
    word.quote_style == Some('"')
}

fn is_plain_name(keyword: Keyword) -> bool {
    keyword == Keyword::NoKeyword || NAME_KEYWORDS.contains(&keyword)
}

fn ident(word: &Word, span: Span) -> Ident {
    Ident { value: word.value.clone(), quote_style: word.quote_style, span }
}

fn object_name(word: &Word, span: Span) -> ObjectName {
    ObjectName(vec![ObjectNamePart::Identifier(ident(word, span))])
}

#[cfg(test)]
mod tests;
