# The reference configs of docs/benchmark.md (h = 4 with default.yaml), shared by instructions.sh and
# compare_wall.sh: `reference_configs FUNCTION` calls FUNCTION "NAME" OVERRIDES... for each.
reference_configs() {
  local f=$1
  "$f" "MIN UN 0.45"        --set traffic.load=0.45
  "$f" "Valiant lgl UN 0.3" --set traffic.load=0.3 --set routing.algorithm=valiant
  "$f" "UGAL-L ADV+1 0.2"   --set traffic.load=0.2 --set routing.algorithm=ugal --set traffic.pattern=adv
  "$f" "Base ADV+1 0.4"     --set traffic.load=0.4 --set routing.algorithm=base --set traffic.pattern=adv
  "$f" "ECtN ADV+1 0.4"     --set traffic.load=0.4 --set routing.algorithm=ectn --set traffic.pattern=adv
  "$f" "OLM UN 0.45"        --set traffic.load=0.45 --set routing.algorithm=olm
}
