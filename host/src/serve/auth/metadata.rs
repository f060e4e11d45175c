//! OAuth 2.0 Protected Resource Metadata (RFC 9728): the document an MCP client reads to
//! find out which authorization server issues tokens for this server, for which resource,
//! with which scopes. Served at `/.well-known/oauth-protected-resource` and at that path
//! with the resource's own path appended (`…/oauth-protected-resource/mcp`), the place
//! RFC 9728 section 3.1 derives from the resource URI.

use serde_json::{json, Value};

use super::settings::{IdentitySettings, TOOLS};

/// The well-known prefix of the metadata's paths.
pub const WELL_KNOWN: &str = "/.well-known/oauth-protected-resource";

/// Where this server's metadata is served and what it says.
pub struct ResourceMetadata {
    /// The document, as JSON text.
    pub document: String,
    /// Its URL as clients reach it (the resource's origin), for `WWW-Authenticate`.
    pub url: String,
    /// The paths it is served at.
    pub paths: [String; 2],
}

impl ResourceMetadata {
    /// The metadata for `settings`' resource, issuer and scopes.
    pub fn new(settings: &IdentitySettings) -> ResourceMetadata {
        let (origin, path) = split_resource(&settings.resource);
        let mut scopes: Vec<String> = TOOLS.iter().filter_map(|tool| settings.scope_for(tool)).collect();
        scopes.sort();
        scopes.dedup();
        let document: Value = json!({
            "resource": settings.resource,
            "authorization_servers": [settings.issuer],
            "scopes_supported": scopes,
            "bearer_methods_supported": ["header"],
            "resource_name": "querycell",
        });
        let suffixed = format!("{WELL_KNOWN}{path}");
        ResourceMetadata {
            document: document.to_string(),
            url: format!("{origin}{suffixed}"),
            paths: [WELL_KNOWN.to_string(), suffixed],
        }
    }

    /// Whether `path` is one the metadata is served at.
    pub fn serves(&self, path: &str) -> bool {
        self.paths.iter().any(|served| served == path)
    }
}

/// `https://host:port` and `/path` (empty for the root) of an absolute URI.
pub fn split_resource(resource: &str) -> (String, String) {
    let uri: hyper::Uri = resource.parse().unwrap_or_default();
    let origin = format!("{}://{}", uri.scheme_str().unwrap_or("https"), uri.authority().map_or("", |a| a.as_str()));
    let path = uri.path().trim_end_matches('/').to_string();
    (origin, path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_document_and_its_places_follow_the_resource() {
        let settings: IdentitySettings =
            toml::from_str("resource = \"https://q.example.com/mcp\"\nissuer = \"https://login.example.com\"").unwrap();
        let metadata = ResourceMetadata::new(&settings);
        assert_eq!(metadata.url, "https://q.example.com/.well-known/oauth-protected-resource/mcp");
        assert!(metadata.serves("/.well-known/oauth-protected-resource"));
        assert!(metadata.serves("/.well-known/oauth-protected-resource/mcp"));
        let document: Value = serde_json::from_str(&metadata.document).unwrap();
        assert_eq!(document["resource"], "https://q.example.com/mcp");
        assert_eq!(document["authorization_servers"], json!(["https://login.example.com"]));
        assert_eq!(document["scopes_supported"], json!(["querycell:read", "querycell:sql"]));
        assert_eq!(document["bearer_methods_supported"], json!(["header"]));
    }
}
