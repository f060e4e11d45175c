//! Bearer tokens on the wire (RFC 6750): read only from one `Authorization: Bearer` header,
//! never from the URL (a request with `access_token` in its query is refused without the
//! value being looked at: URLs end up in logs and proxies); and the HTTP answers that refuse
//! a request, each with the `WWW-Authenticate` challenge that sends an MCP client to the
//! protected resource metadata, and the typed error as the JSON body.

use bytes::Bytes;
use http_body_util::combinators::BoxBody;
use http_body_util::{BodyExt, Full};
use hyper::header::{HeaderMap, HeaderValue, AUTHORIZATION, CONTENT_TYPE, WWW_AUTHENTICATE};
use hyper::{Response, StatusCode};

use crate::error::Error;

/// What the server answers with outside rmcp.
pub type Answer = Response<BoxBody<Bytes, std::convert::Infallible>>;

/// What the request carries as a token.
#[derive(Debug, PartialEq, Eq)]
pub enum Presented<'r> {
    /// No `Authorization` header.
    Nothing,
    /// One `Authorization: Bearer <token>` header.
    Token(&'r str),
    /// Something else: another scheme, two headers, bytes a token cannot hold.
    Unusable,
}

/// The token in `headers`.
pub fn presented(headers: &HeaderMap) -> Presented<'_> {
    let mut values = headers.get_all(AUTHORIZATION).iter();
    let (Some(value), None) = (values.next(), values.next()) else {
        return if headers.contains_key(AUTHORIZATION) { Presented::Unusable } else { Presented::Nothing };
    };
    let Ok(text) = value.to_str() else { return Presented::Unusable };
    let Some((scheme, token)) = text.split_once(' ') else { return Presented::Unusable };
    let token = token.trim_start_matches(' ');
    // RFC 6750's b64token: the characters a JWT is made of, and a few more.
    let b64token = |c: char| c.is_ascii_alphanumeric() || "-._~+/=".contains(c);
    match scheme.eq_ignore_ascii_case("bearer") && !token.is_empty() && token.chars().all(b64token) {
        true => Presented::Token(token),
        false => Presented::Unusable,
    }
}

/// Whether the URL's query has an `access_token` parameter (its value is not read).
pub fn token_in_query(uri: &hyper::Uri) -> bool {
    uri.query().is_some_and(|query| {
        query
            .split('&')
            .any(|pair| pair.split('=').next().is_some_and(|name| name.eq_ignore_ascii_case("access_token")))
    })
}

/// 401: no token (`error` left out, as RFC 6750 section 3.1 asks), or one that is invalid.
pub fn unauthorized(metadata_url: &str, token_sent: bool, error: &Error) -> Answer {
    let challenge = match token_sent {
        false => format!("Bearer resource_metadata=\"{metadata_url}\""),
        true => format!("Bearer error=\"invalid_token\", resource_metadata=\"{metadata_url}\""),
    };
    refusal(StatusCode::UNAUTHORIZED, Some(challenge), error)
}

/// 403: a valid token whose scopes do not allow the tool; `scope` is the one needed.
pub fn insufficient_scope(metadata_url: &str, scope: &str, error: &Error) -> Answer {
    let challenge =
        format!("Bearer error=\"insufficient_scope\", scope=\"{scope}\", resource_metadata=\"{metadata_url}\"");
    refusal(StatusCode::FORBIDDEN, Some(challenge), error)
}

/// Any other refusal: `status` and the typed error as the body.
pub fn refusal(status: StatusCode, challenge: Option<String>, error: &Error) -> Answer {
    let mut response = json_answer(status, error.to_json().to_string());
    if let Some(value) = challenge.and_then(|c| HeaderValue::from_str(&c).ok()) {
        response.headers_mut().insert(WWW_AUTHENTICATE, value);
    }
    response
}

/// `status` with a JSON body.
pub fn json_answer(status: StatusCode, body: String) -> Answer {
    let mut response = Response::new(Full::new(Bytes::from(body)).boxed());
    *response.status_mut() = status;
    response.headers_mut().insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(values: &[&str]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for value in values {
            map.append(AUTHORIZATION, HeaderValue::from_str(value).unwrap());
        }
        map
    }

    #[test]
    fn only_one_bearer_header_is_a_token() {
        assert_eq!(presented(&headers(&[])), Presented::Nothing);
        assert_eq!(presented(&headers(&["Bearer abc.def.ghi"])), Presented::Token("abc.def.ghi"));
        assert_eq!(presented(&headers(&["bearer abc"])), Presented::Token("abc"));
        for unusable in [&["Basic dXNlcjpwYXNz"][..], &["Bearer "], &["Bearer a b"], &["Bearer a", "Bearer b"]] {
            assert_eq!(presented(&headers(unusable)), Presented::Unusable, "{unusable:?}");
        }
    }

    #[test]
    fn a_token_in_the_query_is_noticed_by_name() {
        assert!(token_in_query(&"/mcp?access_token=x".parse().unwrap()));
        assert!(token_in_query(&"/mcp?a=1&ACCESS_TOKEN".parse().unwrap()));
        assert!(!token_in_query(&"/mcp?token_access=1".parse().unwrap()));
        assert!(!token_in_query(&"/mcp".parse().unwrap()));
    }
}
