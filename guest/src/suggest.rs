//! "Did you mean" hints: the closest known name by edit distance, if it is close enough
//! to be a plausible typo.

/// The candidate nearest to `wanted`, when within a third of its length (at least 2 edits).
pub fn closest<'a>(wanted: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let wanted_lower = wanted.to_lowercase();
    let budget = (wanted.chars().count() / 3).max(2);
    candidates
        .into_iter()
        .map(|c| (edit_distance(&wanted_lower, &c.to_lowercase()), c))
        .filter(|(d, _)| *d <= budget)
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

/// A hint sentence: "did you mean 'x'?" or the list of valid names when none is close.
pub fn hint<'a>(wanted: &str, candidates: impl IntoIterator<Item = &'a str> + Clone) -> String {
    match closest(wanted, candidates.clone()) {
        Some(c) => format!("did you mean '{c}'?"),
        None => {
            let names: Vec<&str> = candidates.into_iter().take(20).collect();
            format!("valid names: {}", names.join(", "))
        }
    }
}

/// The tables and their columns in one bounded line, for refusals that must say what
/// exists: `tables: incidents (incident_id, team, …), teams (team, region)`.
pub fn schema_listing(view: &crate::model::CatalogView) -> String {
    const MAX: usize = 600;
    let mut out = String::from("tables: ");
    for (i, table) in view.tables.iter().enumerate() {
        let columns: Vec<&str> = table.columns.iter().map(|c| c.name.as_str()).collect();
        let entry = format!("{}{} ({})", if i > 0 { ", " } else { "" }, table.name, columns.join(", "));
        if out.len() + entry.len() > MAX {
            out.push_str(&format!(", … ({} tables in all)", view.tables.len()));
            break;
        }
        out.push_str(&entry);
    }
    out
}

/// Levenshtein distance over chars; inputs are short names.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    let mut current = vec![0; b.len() + 1];
    for (i, ca) in a.chars().enumerate() {
        current[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let substitution = previous[j] + usize::from(ca != *cb);
            current[j + 1] = substitution.min(previous[j + 1] + 1).min(current[j] + 1);
        }
        std::mem::swap(&mut previous, &mut current);
    }
    previous[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distance_counts_edits() {
        assert_eq!(edit_distance("severity", "severity"), 0);
        assert_eq!(edit_distance("severty", "severity"), 1);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }

    #[test]
    fn closest_ignores_far_names() {
        let names = ["severity", "team", "ack_minutes"];
        assert_eq!(closest("severty", names), Some("severity"));
        assert_eq!(closest("Team", names), Some("team"));
        assert_eq!(closest("region", names), None);
        assert!(hint("region", names).starts_with("valid names: severity, team"));
    }
}
