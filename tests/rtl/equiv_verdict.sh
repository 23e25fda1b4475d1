# The verdict of a Yosys SAT equivalence check, sourced by the equiv_*.sh scripts, which exits the script:
# with EXPECT = equal the proof must hold; with EXPECT = differ it must fail as a proof (not as a Yosys
# error), so the check shows it can fail.
# Usage: equiv_verdict RC LOG EXPECT WHAT PROVED DIFFERS   (RC and LOG: Yosys's exit code and output;
# WHAT names the check; PROVED and DIFFERS: the lines printed on success)
equiv_verdict() {
  local rc=$1 log=$2 expect=$3 what=$4 proved=$5 differs=$6
  if [ "$expect" = equal ]; then
    [ "$rc" -eq 0 ] && { echo "$proved"; exit 0; }
    echo "$log" | tail -40; echo "$what: NOT proved (exit $rc)"; exit 1
  fi
  if [ "$rc" -ne 0 ] && grep -q "proof did fail" <<<"$log"; then
    echo "$differs"
    exit 0
  fi
  echo "$log" | tail -20; echo "$what: expected a failed proof, got exit $rc"; exit 1
}
