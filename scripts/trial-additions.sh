#!/usr/bin/env bash
# The trial of issue 101: in a copy of the tree, add a generator by YAML alone (generators/README.md "Add a
# generator") and a fourth language by docs/add-a-language.md's steps only, then the suite is run there with no test
# edited. Nothing here is a test fixture: it does what a maintainer would, in the order the two documents say.
#
# Usage:  scripts/trial-additions.sh DIR [--studio]
#   DIR       a copy of the tree (e.g. `git worktree add /tmp/karya-trial HEAD` with node_modules linked into it)
#   --studio  also rebuild the studio (docs/add-a-language.md step 7), for the e2e tests
# Then, in DIR:  npm test   (or targeted: npx vitest run tests/languages tests/generators …)
#
# Environment: TRIAL_GENERATOR (default fable), TRIAL_LANGUAGE (default jv; not xx, the code the tests' own fourth-language fixtures use).
set -euo pipefail
DIR=${1:?usage: scripts/trial-additions.sh DIR [--studio]}
STUDIO=${2:-}
GEN=${TRIAL_GENERATOR:-fable}
CODE=${TRIAL_LANGUAGE:-jv}
cd "$DIR"
[ -f generators/README.md ] && [ -f docs/add-a-language.md ] || { echo "$DIR is not a copy of the karya tree" >&2; exit 2; }
[ ! -e "generators/$GEN.yaml" ] || { echo "generators/$GEN.yaml is already there: run the trial on a fresh copy" >&2; exit 2; }
[ ! -e "languages/$CODE.yaml" ] || { echo "languages/$CODE.yaml is already there: run the trial on a fresh copy" >&2; exit 2; }

# ---- 1. A generator by YAML alone (generators/README.md, "Add a generator") ----------------------------------------
# Step 1: the closest existing file (romance.yaml for a fiction book), copied and made this generator: its id is the
# file name, its texts in every language of the table (en, ms, id side by side). Templates are shared: none added.
cat > "generators/$GEN.yaml" <<YAML
# yaml-language-server: \$schema=../engine/spec/generator.schema.json
# Fables (a trial generator, scripts/trial-additions.sh): animals who talk, and a moral the story earns.
id: $GEN
preset: fiction-book
title: { en: Fable Writer, ms: Penjana Fabel, id: Pembuat Fabel }
tagline: { en: "Write a fable whose animals teach a lesson, chapter by chapter", ms: "Tulis fabel yang haiwannya mengajar satu pengajaran, bab demi bab", id: "Tulis fabel yang hewannya mengajarkan satu pelajaran, bab demi bab" }
typeLabel: { en: Fable, ms: Fabel, id: Fabel }
fields:
  language: { use: language }
  animalCast:
    type: select
    label: { en: Main Animals, ms: Haiwan Utama, id: Hewan Utama }
    options:
      - { value: forest, en: Forest Animals, ms: Haiwan Hutan, id: Hewan Hutan }
      - { value: farm, en: Farm Animals, ms: Haiwan Ternakan, id: Hewan Ternak }
      - { value: sea, en: Sea Creatures, ms: Hidupan Laut, id: Makhluk Laut }
      - { value: birds, en: Birds, ms: Burung, id: Burung }
  moral:
    type: select
    label: { en: Moral, ms: Pengajaran, id: Pesan Moral }
    options:
      - { value: honesty, en: Honesty, ms: Kejujuran, id: Kejujuran }
      - { value: patience, en: Patience, ms: Kesabaran, id: Kesabaran }
      - { value: kindness, en: Kindness, ms: Kebaikan Hati, id: Kebaikan Hati }
      - { value: humility, en: Humility, ms: Rendah Diri, id: Kerendahan Hati }
  numberOfChapters:
    use: numberOfChapters
    options:
      - { value: 3, en: 3 Chapters, ms: 3 Bab, id: 3 Bab }
      - { value: 5, en: 5 Chapters, ms: 5 Bab, id: 5 Bab }
      - { value: 7, en: 7 Chapters, ms: 7 Bab, id: 7 Bab }
    default: 5
  chapterTitle: { use: chapterTitle }
prompts:
  brief:
    en: |
      This is a fable for readers of every age, with {{labels.animalCast}} as its characters, whose moral is {{labels.moral}}. The animals speak and act as people do, but keep their own natures; the moral grows out of what happens and is said plainly only once, at the end.
    ms: |
      Ini ialah fabel untuk pembaca semua peringkat umur, dengan watak daripada kalangan {{labels.animalCast}}, dan pengajarannya ialah {{labels.moral}}. Haiwan-haiwan itu bercakap dan berbuat seperti manusia, tetapi tetap dengan sifat asal mereka; pengajarannya lahir daripada peristiwa dalam cerita dan dinyatakan dengan terang sekali sahaja, pada akhirnya.
    id: |
      Ini adalah fabel untuk pembaca segala usia, dengan tokoh dari kalangan {{labels.animalCast}}, dan pesan moralnya adalah {{labels.moral}}. Hewan-hewan itu berbicara dan bertindak seperti manusia, tetapi tetap dengan sifat aslinya; pesan moralnya lahir dari peristiwa dalam cerita dan dinyatakan dengan jelas hanya sekali, di bagian akhir.
publish:
  categories: ["Fiction / Fairy Tales, Folk Tales, Legends & Mythology", "Juvenile Fiction / Animals / General"]
  title: { settings: { genre: fantasy, titleStyle: emotional } }
  author: { settings: { genre: fantasy } }
  description: { settings: { genre: fantasy, keyFeatures: emotional } }
  keywords: { settings: { genre: fantasy } }
  cover: { settings: { genre: fantasy, mood: playful } }
YAML

# Step 3 and 4: validate, show it, generate it offline.
npx karya validate
npx karya show "$GEN" > /dev/null
npx karya generate "$GEN" --chapters 2 --state "$(mktemp -d)/trial.sqlite" > /dev/null
# Step 5: its golden prompts, and only its own (the others are compared, never rewritten).
KARYA_UPDATE_GOLDEN=new npx vitest run tests/generators/golden-prompts.test.ts --reporter=dot
ls tests/fixtures/golden-prompts/"$GEN".*.txt

# ---- 2. A fourth language by the doc (docs/add-a-language.md) ------------------------------------------------------
# Step 1: the closest language's files (Indonesian's), a family of its own, marked draft.
npx tsx scripts/copy-language.ts id "$CODE"
# Step 2: the table file: its autonym and its name for itself (the copy still says Bahasa Indonesia).
sed -i -e "s/^autonym: .*/autonym: Bahasa Uji/" -e "s/^  $CODE: .*/  $CODE: Bahasa Uji/" "languages/$CODE.yaml"
# Step 3: its EPUB and Word tags ("change the copied ones"); every other word stays Indonesian's (not worded again).
sed -i -e "s/^  epub: id\$/  epub: $CODE/" -e "s/^  word: id-ID\$/  word: $CODE/" "languages/$CODE/publishing.yaml"
# Step 5: its token samples (its prose is Indonesian's, so Indonesian's samples are its own), then the rates checked.
npx tsx -e "
  const { readFileSync, writeFileSync } = require('node:fs');
  const YAML = require('yaml');
  const all = YAML.parse(readFileSync('tests/engine/token-samples.yaml', 'utf8'));
  writeFileSync('languages/$CODE/token-samples.yaml', YAML.stringify(Object.fromEntries(Object.entries(all).map(([k, v]) => [k, v.id]))));
"
KARYA_DRAFT_LANGUAGES=1 npx vitest run tests/engine/budget.test.ts --reporter=dot
# Step 6: what is missing (nothing: every text is Indonesian's), then the draft line removed and validate passes.
KARYA_DRAFT_LANGUAGES=1 npx tsx scripts/language-gaps.ts "$CODE"
sed -i -e '/^# Still being worded/d' -e '/^draft: true$/d' "languages/$CODE.yaml"
npx karya validate
# Step 7: the studio rebuilt with the new table (the e2e tests and `karya serve` use it).
if [ "$STUDIO" = --studio ]; then npm run build:studio --silent; fi

echo "trial additions made in $DIR: generators/$GEN.yaml (golden prompts written) and languages/$CODE.yaml + languages/$CODE/"
echo "now run the suite there, no test edited: (cd $DIR && npm test)"
