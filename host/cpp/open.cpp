// Opening a database the way the query side does (host/src/duck/mod.rs, `Opening::QuerySide`):
// with DuckDB's core functions and none of the other extensions linked into the binary, and
// with the data file opened by exactly the path querycell gives.
//
// libduckdb-sys links parquet and json in and registers them for every database, and DuckDB
// loads every registered extension as a database opens. The query side reads one DuckDB file:
// parquet's and json's functions are of no use there, and loading them was a part of every
// query worker's open. Not loaded, they do not exist on that connection, whatever a check
// misses. The option that says so (`load_extensions`) is not a setting the C API can name, so
// it is set on the configuration object here.
//
// The path querycell gives names the data file through a descriptor it holds
// (`/proc/self/fd/<folder>/data.duckdb`, or a worker's `/proc/self/fd/3`): the one version of
// the index whose catalog it read, even while an ingest swaps another version in under the
// index's name. DuckDB canonicalizes a database's path before opening it (realpath, to notice
// one file attached twice), which turns that path back into the index's name, and between
// the two an ingest may have put another version there: an answer would then read one
// version's data under another's catalog. The file system below uses every path as given;
// the query side never attaches a second database, so there is nothing to notice.
//
// Every C++ exception is caught here; none may unwind into Rust.

#include "duckdb/common/error_data.hpp"
#include "duckdb/common/exception.hpp"
#include "duckdb/common/local_file_system.hpp"
#include "duckdb/common/virtual_file_system.hpp"
#include "duckdb/main/capi/capi_internal.hpp"
#include "duckdb/main/config.hpp"
#include "duckdb/main/extension_helper.hpp"

#include <cstring>

namespace {

// DuckDB's local file system, except that a path is never resolved into another name.
class AsGivenLocalFileSystem : public duckdb::LocalFileSystem {
public:
	std::string CanonicalizePath(const std::string &path, duckdb::optional_ptr<duckdb::FileOpener>) override {
		return path;
	}
};

} // namespace

extern "C" {

// `duckdb_open_ext`, loading only the linked `core_functions` extension, on a file system that
// opens paths as given. `config` must be a live configuration from `duckdb_create_config`;
// `*out_error`, when set, is the caller's to free with `duckdb_free`.
duckdb_state querycell_open_query_side(const char *path, duckdb_database *out, duckdb_config config,
                                       char **out_error) noexcept {
	using namespace duckdb;
	try {
		auto &options = *reinterpret_cast<DBConfig *>(config);
		options.options.load_extensions = false;
		options.file_system = make_uniq<VirtualFileSystem>(make_uniq<AsGivenLocalFileSystem>());
	} catch (...) {
		return DuckDBError;
	}
	auto state = duckdb_open_ext(path, out, config, out_error);
	if (state != DuckDBSuccess) {
		return state;
	}
	try {
		auto &database = *reinterpret_cast<DatabaseWrapper *>(*out)->database;
		if (ExtensionHelper::LoadExtension(database, "core_functions") != ExtensionLoadResult::LOADED_EXTENSION) {
			throw InternalException("DuckDB's core functions are not linked into this binary");
		}
		return DuckDBSuccess;
	} catch (std::exception &ex) {
		if (out_error) {
			*out_error = strdup(ErrorData(ex).Message().c_str());
		}
	} catch (...) {
		if (out_error) {
			*out_error = strdup("loading DuckDB's core functions failed");
		}
	}
	duckdb_close(out);
	return DuckDBError;
}

} // extern "C"
