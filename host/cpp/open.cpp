// Opening a database the way the query side does (host/src/duck/mod.rs, `Opening::QuerySide`):
// with only those of DuckDB's core functions that the query side may call, none of the other
// extensions linked into the binary, and the data file opened by exactly the path querycell
// gives.
//
// libduckdb-sys links parquet and json in and registers them for every database, and DuckDB
// loads every registered extension as a database opens. The query side reads one DuckDB file:
// parquet's and json's functions are of no use there, and loading them was a part of every
// query worker's open. Not loaded, they do not exist on that connection, whatever a check
// misses. The option that says so (`load_extensions`) is not a setting the C API can name, so
// it is set on the configuration object here.
//
// The core functions extension registers its whole list (hundreds of functions) as a
// database opens: most of a query worker's open, for functions the parse-tree check never lets
// a statement name. Only the ones the caller names are registered here, from the same list by
// the same registration DuckDB's loader uses, and the extension then counts as loaded. A
// function the check missed cannot run either if it is not registered. The functions built
// into DuckDB itself (operators, casts, `count`, `sum`, `min`, ...) are there as always.
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
#include "duckdb/main/extension/extension_loader.hpp"
#include "duckdb/main/extension_manager.hpp"
#include "duckdb/function/function_list.hpp"
#include "core_functions/function_list.hpp"

#include <cstring>

namespace {

// DuckDB's local file system, except that a path is never resolved into another name.
class AsGivenLocalFileSystem : public duckdb::LocalFileSystem {
public:
	std::string CanonicalizePath(const std::string &path, duckdb::optional_ptr<duckdb::FileOpener>) override {
		return path;
	}
};

// Load the core functions extension with only the entries of its list named in
// `names[0..count]` (any case), the way DuckDB loads a linked extension
// (`DuckDB::LoadStaticExtension`): the extension then counts as loaded, so nothing ever tries
// to load (or download) the rest of it.
void LoadCoreFunctionsSubset(duckdb::DatabaseInstance &instance, const char *const *names, size_t count) {
	using namespace duckdb;
	case_insensitive_set_t wanted;
	for (size_t i = 0; i < count; i++) {
		wanted.insert(names[i]);
	}
	vector<StaticFunctionDefinition> kept;
	for (auto entry = CoreFunctionList::GetFunctionList(); entry->name; entry++) {
		if (wanted.count(entry->name)) {
			kept.push_back(*entry);
		}
	}
	// The list ends at an entry without a name.
	kept.push_back(StaticFunctionDefinition {});
	auto load = ExtensionManager::Get(instance).BeginLoad({"core_functions"});
	if (!load) {
		throw InternalException("the core functions were loaded before the query side chose them");
	}
	ExtensionLoader loader(*load);
	FunctionList::RegisterExtensionFunctions(loader, kept.data());
	ExtensionInstallInfo install;
	install.mode = ExtensionInstallMode::STATICALLY_LINKED;
	load->FinishLoad(install);
}

} // namespace

extern "C" {

// `duckdb_open_ext` with no extension loaded but the core functions named in
// `functions[0..function_count]`, on a file system that opens paths as given. `config` must be
// a live configuration from `duckdb_create_config`; `*out_error`, when set, is the caller's to
// free with `duckdb_free`.
duckdb_state querycell_open_query_side(const char *path, duckdb_database *out, duckdb_config config,
                                       const char *const *functions, size_t function_count,
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
		LoadCoreFunctionsSubset(*database.instance, functions, function_count);
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
