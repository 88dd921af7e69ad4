// Added to FerretDB's SQLite backend by tools/stack (see tools/stack/patches/ferretdb/README.md).

package sqlite

import (
	"fmt"
	"math"
	"regexp"
	"strings"

	"github.com/FerretDB/FerretDB/internal/backends/sqlite/metadata"
	"github.com/FerretDB/FerretDB/internal/handler/sjson"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/must"
)

// leaguePushdownKey is a top-level field name that needs no quoting inside the index expression.
var leaguePushdownKey = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// leagueMaxSafe bounds the numbers pushed down: within it every number has one JSON text.
const leagueMaxSafe = 1 << 53

// leagueWhereClause turns the filter's top-level equalities on scalars into a WHERE clause over the very
// expression FerretDB builds its indexes on (`_ferretdb_sjson->"field"`), so SQLite answers them from the
// `_id` index or a secondary index instead of handing every document to the handler.
//
// The clause selects a superset of the matching documents; the handler filters every result again. So a
// value whose JSON text is not unique is left out (zero, which may be stored as -0; numbers beyond 2^53;
// fractions; dates), and a field that holds an array is always a candidate (`{f: v}` matches an array that
// contains v): JSON array texts sort in ['[', '\'), a range the same index serves.
func leagueWhereClause(filter *types.Document) (string, []any) {
	if filter == nil {
		return "", nil
	}

	var conds []string
	var args []any

	for _, k := range filter.Keys() {
		if !leaguePushdownKey.MatchString(k) {
			continue
		}

		v, err := filter.Get(k)
		if err != nil {
			continue
		}

		switch v := v.(type) {
		case string, types.ObjectID, bool:
			// one JSON text each
		case int32:
			if v == 0 {
				continue
			}
		case int64:
			if v == 0 || v >= leagueMaxSafe || v <= -leagueMaxSafe {
				continue
			}
		case float64:
			if v == 0 || v != math.Trunc(v) || math.Abs(v) >= leagueMaxSafe {
				continue
			}
		default:
			continue
		}

		text := string(must.NotFail(sjson.MarshalSingleValue(v)))
		expr := fmt.Sprintf("%s->%q", metadata.DefaultColumn, k)

		if k == "_id" {
			// _id is never an array.
			conds = append(conds, expr+" = ?")
		} else {
			conds = append(conds, fmt.Sprintf(`(%[1]s = ? OR (%[1]s >= '[' AND %[1]s < '\'))`, expr))
		}

		args = append(args, text)
	}

	if len(conds) == 0 {
		return "", nil
	}

	return " WHERE " + strings.Join(conds, " AND "), args
}
