# json.mk -- libcdok-json (lib/json/): the killer and json formats and
# the result documents, on jansson (mk/libs.mk describes optional
# libraries).
LIB_json_PKGS     = jansson
LIB_json_FALLBACK = -ljansson
LIB_json_DESC     = JSON formats and result documents for libcdok (Calcudoku and Killer Sudoku)

$(eval $(call optional_lib,json))
