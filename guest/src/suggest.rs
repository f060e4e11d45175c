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

/// The hint for a column name a table does not have. Each column is known by two names: its
/// SQL name, which plans must use, and its header as the source file had it (`display-name`
/// in the WIT), which is what a model that read the file or the user's words often writes
/// instead. Either may be the close one ("Ack minutes" for `ack_minutes`, "Région" for
/// `region`, or a header the SQL name was made unique from); the hint always names the SQL
/// name, and says which header matched when it was the header.
pub fn column_hint(wanted: &str, columns: &[crate::model::Column]) -> String {
    let wanted_lower = wanted.to_lowercase();
    let budget = (wanted.chars().count() / 3).max(2);
    // (distance, matched by the header, column); the SQL name wins a tie.
    let best = columns
        .iter()
        .flat_map(|c| {
            let by_name = (edit_distance(&wanted_lower, &c.name.to_lowercase()), false, c);
            let by_header = (!c.display_name.is_empty() && c.display_name != c.name)
                .then(|| (edit_distance(&wanted_lower, &c.display_name.to_lowercase()), true, c));
            std::iter::once(by_name).chain(by_header)
        })
        .filter(|(distance, _, _)| *distance <= budget)
        .min_by_key(|(distance, by_header, _)| (*distance, *by_header));
    match best {
        Some((_, true, column)) => {
            format!("did you mean '{}'? (the column headed {:?} in the source)", column.name, column.display_name)
        }
        Some((_, false, column)) => format!("did you mean '{}'?", column.name),
        None => hint(wanted, columns.iter().map(|c| c.name.as_str())),
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

    fn column(name: &str, header: &str) -> crate::model::Column {
        crate::model::Column {
            name: name.into(),
            display_name: header.into(),
            sql_type: "BIGINT".into(),
            kind: crate::model::ValueKind::Integer,
        }
    }

    /// A plan that names a column by its header gets the SQL name to use instead.
    #[test]
    fn column_hints_match_headers_too() {
        let columns = [
            column("incident_id", "Incident ID"),
            column("time_to_ack", "Minutes until acknowledged"),
            column("column2", "Кол-во"),
            column("ack_minutes", "ack_minutes"),
        ];
        assert_eq!(
            column_hint("Minutes until acknowledged", &columns),
            "did you mean 'time_to_ack'? (the column headed \"Minutes until acknowledged\" in the source)"
        );
        assert_eq!(
            column_hint("minutes until acknowledge", &columns),
            "did you mean 'time_to_ack'? (the column headed \"Minutes until acknowledged\" in the source)"
        );
        assert_eq!(
            column_hint("Кол-во", &columns),
            "did you mean 'column2'? (the column headed \"Кол-во\" in the source)"
        );
        // Close to the SQL name itself: the plain hint, even when the header is as close.
        assert_eq!(column_hint("Incident_ID", &columns), "did you mean 'incident_id'?");
        assert_eq!(column_hint("ack_minuts", &columns), "did you mean 'ack_minutes'?");
        assert!(column_hint("region", &columns).starts_with("valid names: incident_id, time_to_ack"));
    }
}
