package pacific

import "github.com/handaudit/handaudit/parser"

var testLimits = parser.Limits{}
