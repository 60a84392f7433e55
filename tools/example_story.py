"""The notes of the example games: the story of each game, in English, Chinese and French.

Used by ``tools/make_example_games.py``. A note says *why*, not what: the narration of every
step already says what happened. So each game gets few notes, each found from the game's
own events and states, never a line per bid:

- the opening: what to watch for with this many players;
- the key moves: every Metropolis, and in a cycle without one, the conquest that changed
  the map most;
- the mistake: a player who went on to lose attacks against the odds (the odds are
  computed, exactly, for that battle); the better line, keeping the units, is a variation;
- the dice chosen for the lesson, said where they are rolled;
- the turning point: from that move on, the winner is never behind in Metropolises;
- the end: why the game is over there.

Every text is a dict ``{"en": ..., "zh": ..., "fr": ...}``; names of isles and gods come
from the catalogs, so they are written as each language writes them. Move numbers count
from 1 (move n is ``record.steps[n - 1]``), as everywhere a learner reads them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cyclades_widgets.odds import battle_odds
from cyclades_widgets.rules import flow
from cyclades_widgets.rules.actions import Action
from cyclades_widgets.rules.battle import current_battle, defender_bonus, defending_units
from cyclades_widgets.rules.board import MapSpec
from cyclades_widgets.rules.events import Event
from cyclades_widgets.rules.state import GameState

if TYPE_CHECKING:
    from example_director import Director

    from cyclades_widgets.game import Game

LANGS = ("en", "zh", "fr")
Text = dict[str, str]

TAGS: dict[str, Text] = {
    "key": {"en": "key move", "zh": "关键一步", "fr": "coup clé"},
    "mistake": {"en": "mistake", "zh": "失误", "fr": "erreur"},
    "turning": {"en": "turning point", "zh": "转折点", "fr": "tournant"},
    "dice": {"en": "dice chosen for the lesson", "zh": "为教学安排的骰子", "fr": "dés choisis"},
    "end": {"en": "the end", "zh": "终局", "fr": "la fin"},
}

INTRO: dict[int, Text] = {
    2: {
        "en": "Two players on the small map. Each of you places two offering tokens every "
        "cycle, so you can hold two gods at once, and you need 3 Metropolises at the end of a "
        "cycle to win. Three is a long way: count each player's Philosophers and "
        "buildings, the two roads to a Metropolis.",
        "zh": "两人在小地图上对局。每个周期每人放两枚献祭标记,所以可以同时拿到两位神;一个周期结束时"
        "拥有 3 座大都市才获胜。三座是一条长路:数一数每个人的哲学家和建筑,这是通向大都市的两条路。",
        "fr": "Deux joueurs sur la petite carte. Chacun place deux pions Offrande à chaque "
        "cycle, donc peut tenir deux dieux à la fois, et il faut 3 Métropoles à la fin d'un "
        "cycle pour gagner. Trois, c'est long : comptez les Philosophes et les bâtiments de "
        "chacun, les deux routes vers une Métropole.",
    },
    3: {
        "en": "Three players on the small map. Only two gods are face up each cycle, and "
        "Apollo is always open, so the fight for the open gods is sharp. Two Metropolises at "
        "the end of a cycle win: the game is long, and the lead changes hands.",
        "zh": "三人在小地图上对局。每个周期只有两位神正面朝上,阿波罗总是开放,所以争夺开放的神很激烈。"
        "一个周期结束时拥有 2 座大都市获胜:这盘棋很长,领先者几次易手。",
        "fr": "Trois joueurs sur la petite carte. Deux dieux seulement sont face visible à "
        "chaque cycle, et Apollon est toujours ouvert : la lutte pour les dieux ouverts est "
        "rude. Deux Métropoles à la fin d'un cycle gagnent : la partie est longue, et la tête "
        "change de mains.",
    },
    4: {
        "en": "Four players on the printed board. Three gods are face up each cycle while the "
        "fourth waits face down; two Metropolises at the end of a cycle win. With four "
        "players every good god is contested: watch who pays for what, and what it buys.",
        "zh": "四人在标准地图上对局。每个周期三位神正面朝上,第四位背面朝下等待;一个周期结束时拥有 2 座"
        "大都市获胜。四人局里每位好神都有人争:看看谁为什么付钱,又换来了什么。",
        "fr": "Quatre joueurs sur le plateau imprimé. Trois dieux sont face visible à chaque "
        "cycle, le quatrième attend face cachée ; deux Métropoles à la fin d'un cycle "
        "gagnent. À quatre, chaque bon dieu est disputé : regardez qui paie pour quoi, et ce "
        "que cela rapporte.",
    },
    5: {
        "en": "Five players on the large map. All four gods are face up every cycle, with "
        "Apollo last; two Metropolises at the end of a cycle win. Five players crowd the "
        "map: an isle left with one troop is an invitation.",
        "zh": "五人在大地图上对局。每个周期四位神全部正面朝上,阿波罗排在最后;一个周期结束时拥有 2 座"
        "大都市获胜。五个人让地图很拥挤:只留一支陆军守的岛就是在邀请别人进攻。",
        "fr": "Cinq joueurs sur la grande carte. Les quatre dieux sont face visible à chaque "
        "cycle, Apollon en dernier ; deux Métropoles à la fin d'un cycle gagnent. À cinq, la "
        "carte est pleine : une île gardée par une seule troupe est une invitation.",
    },
}

_WAY: dict[str, Text] = {
    "philosophers": {
        "en": "four Philosophers",
        "zh": "四位哲学家",
        "fr": "quatre Philosophes",
    },
    "buildings": {
        "en": "four different buildings",
        "zh": "四种不同的建筑",
        "fr": "quatre bâtiments différents",
    },
}


def _first_metropolis(way: str) -> Text:
    w = _WAY[way]
    return {
        "en": f"{{player}} builds the first Metropolis of the game, on {{isle}}, from {w['en']}. "
        "It is {part} of the goal, and it shows the others who to stop: from now on every "
        "god {player} wins is watched.",
        "zh": f"{{player}} 用{w['zh']}在{{isle}}建起本局第一座大都市。这是目标的{{part}},也告诉其他人"
        "该阻止谁:从现在起,{player} 拿到的每一位神都会被盯着。",
        "fr": f"{{player}} bâtit la première Métropole de la partie, sur {{isle}}, avec "
        f"{w['fr']}. C'est {{part}} du but, et cela montre aux autres qui arrêter : "
        "désormais, chaque dieu que {player} obtient est surveillé.",
    }


def _answers(way: str) -> list[Text]:
    """Ways to tell a Metropolis that is not the first, nor one short of the goal."""
    w = _WAY[way]
    return [
        {
            "en": f"{{player}} answers with a Metropolis on {{isle}}, from {w['en']}: "
            "{count} of the {need} needed, and {standing}.",
            "zh": f"{{player}} 用{w['zh']}在{{isle}}建起大都市作为回应:需要 {{need}} 座,已有 "
            "{count} 座,{standing}。",
            "fr": f"{{player}} répond par une Métropole sur {{isle}}, avec {w['fr']} : "
            "{count} sur les {need} nécessaires, et {standing}.",
        },
        {
            "en": f"Another road to the goal: {w['en']} become a Metropolis on {{isle}} for "
            "{player}. That makes {count}, and {standing}.",
            "zh": f"通向目标的另一条路:{w['zh']}为 {{player}} 在{{isle}}换成一座大都市。这样就有 "
            "{count} 座了,{standing}。",
            "fr": f"Une autre route vers le but : {w['fr']} deviennent une Métropole sur "
            "{isle} pour {player}. Cela fait {count}, et {standing}.",
        },
        {
            "en": f"{{player}} cashes in {w['en']} for a Metropolis on {{isle}} ({{count}} of "
            "{need}); {standing}.",
            "zh": f"{{player}} 把{w['zh']}兑换成{{isle}}上的一座大都市(需要 {{need}} 座,已有 "
            "{count} 座);{standing}。",
            "fr": f"{{player}} échange {w['fr']} contre une Métropole sur {{isle}} ({{count}} "
            "sur {need}) ; {standing}.",
        },
    ]


PART: dict[int, Text] = {
    2: {"en": "half", "zh": "一半", "fr": "la moitié"},
    3: {"en": "a third", "zh": "三分之一", "fr": "le tiers"},
}
"""The share of the goal one Metropolis is, by the number needed."""

STANDING: dict[str, Text] = {
    "ahead": {"en": "{player} now leads the race", "zh": "{player} 现在领先",
              "fr": "{player} mène désormais la course"},
    "level": {"en": "{player} is level with the leader", "zh": "{player} 追平了领先者",
              "fr": "{player} rejoint le meneur"},
    "behind": {"en": "{player} is still behind the leader", "zh": "{player} 仍落后于领先者",
               "fr": "{player} reste derrière le meneur"},
}  # fmt: skip


def _reaches_too(way: str) -> Text:
    w = _WAY[way]
    return {
        "en": f"{{player}} reaches {{count}} too, with {w['en']} on {{isle}}. Two players "
        "will hold enough Metropolises when the cycle ends: the tie-break will decide.",
        "zh": f"{{player}} 用{w['zh']}在{{isle}}也达到了 {{count}} 座。周期结束时将有两名玩家拥有足够的"
        "大都市:由平局裁决决定。",
        "fr": f"{{player}} atteint {{count}} aussi, avec {w['fr']} sur {{isle}}. Deux joueurs "
        "auront assez de Métropoles à la fin du cycle : le départage décidera.",
    }


def _one_short(way: str) -> Text:
    w = _WAY[way]
    return {
        "en": f"With {w['en']}, {{player}} gets a Metropolis on {{isle}}: {{count}} of the "
        "{need} needed. One more and the game ends at the close of a cycle, so the others "
        "must now spend on stopping {player}, not on themselves.",
        "zh": f"{{player}} 用{w['zh']}在{{isle}}建起大都市:需要 {{need}} 座,已有 {{count}} 座。"
        "再有一座,周期结束时游戏就结束了,所以其他人现在必须把金币花在阻止 {player} 上,而不是自己身上。",
        "fr": f"Avec {w['fr']}, {{player}} obtient une Métropole sur {{isle}} : {{count}} sur "
        "les {need} nécessaires. Une de plus et la partie s'arrête à la fin d'un cycle : les "
        "autres doivent maintenant dépenser pour arrêter {player}, pas pour eux-mêmes.",
    }


def _winning_metropolis(way: str) -> Text:
    w = _WAY[way]
    return {
        "en": f"The last piece: {w['en']} make a Metropolis on {{isle}}, and {{player}} has "
        "{count}. Victory is checked only at the end of the cycle, and nobody takes a "
        "Metropolis away before then.",
        "zh": f"最后一块拼图:{w['zh']}在{{isle}}换成一座大都市,{{player}} 已有 {{count}} 座。"
        "胜负只在周期结束时检查,而在那之前没有人夺走任何一座大都市。",
        "fr": f"La dernière pièce : {w['fr']} font une Métropole sur {{isle}}, et {{player}} "
        "en a {count}. La victoire ne se vérifie qu'à la fin du cycle, et personne ne prend "
        "de Métropole d'ici là.",
    }


CONQUEST_METROPOLIS: Text = {
    "en": "{player} takes {isle} and its Metropolis with it: the third way to a Metropolis "
    "is to conquer one. {loser} loses the Metropolis and the isle in one move.",
    "zh": "{player} 攻下{isle},连同岛上的大都市:取得大都市的第三条路就是征服一座。{loser} 一步之间"
    "失去了大都市和这座岛。",
    "fr": "{player} prend {isle} et sa Métropole avec : la troisième voie vers une Métropole, "
    "c'est d'en conquérir une. {loser} perd d'un coup la Métropole et l'île.",
}

CONQUESTS: list[Text] = [
    {
        "en": "{player} takes {isle} from {loser}{buildings}. It was held only by a territory "
        "marker, so it falls without a battle: an isle left without troops is an isle offered.",
        "zh": "{player} 从 {loser} 手中拿下{isle}{buildings}。那里只有一枚领土标记,所以不经战斗就失守了:"
        "不留陆军的岛,等于送给别人的岛。",
        "fr": "{player} prend {isle} à {loser}{buildings}. Elle n'était tenue que par un "
        "marqueur de territoire, donc elle tombe sans combat : une île sans troupes est une "
        "île offerte.",
    },
    {
        "en": "{isle} changes hands{buildings}: {loser} had left no troop there, and {player} "
        "walks in. What one player loses here, income and room to build, the other gains.",
        "zh": "{isle}易手{buildings}:{loser} 没在那里留陆军,{player} 直接开了进去。一方在这里失去的"
        "收入和建筑空位,正是另一方得到的。",
        "fr": "{isle} change de mains{buildings} : {loser} n'y avait laissé aucune troupe, et "
        "{player} y entre. Ce que l'un perd ici, revenu et place pour bâtir, l'autre le gagne.",
    },
    {
        "en": "{player} spreads to {isle}{buildings} while it is empty. Taking a free isle "
        "costs only the move, and each isle is one more place for a building.",
        "zh": "{player} 趁{isle}无人时占领它{buildings}。占一座空岛只花移动的钱,而每座岛都多一个建筑空位。",
        "fr": "{player} s'étend sur {isle}{buildings} tant qu'elle est vide. Prendre une île "
        "libre ne coûte que le déplacement, et chaque île est une place de plus pour bâtir.",
    },
]

WITH_BUILDINGS: Text = {
    "en": ", with its {count} buildings",
    "zh": ",连同岛上 {count} 座建筑",
    "fr": ", avec ses {count} bâtiments",
}
WITH_BUILDING: Text = {
    "en": ", with its building",
    "zh": ",连同岛上的建筑",
    "fr": ", avec son bâtiment",
}

MISTAKE_BEFORE: Text = {
    "en": "{player} chooses to fight on at {space}, {mine} against {theirs}{bonus}. From "
    "here the {side} comes out on top only {odds} of the time: staying is more likely to "
    "cost every unit than to keep {what}. The better line is in the variation: retreat.",
    "zh": "{player} 选择在{space}继续战斗,{mine}对 {theirs}{bonus}。从这里开始,{side_zh}只有 "
    "{odds} 的机会占上风:留下来更可能赔上所有兵力,而不是守住这个{what}。更好的走法见变着:撤退。",
    "fr": "{player} choisit de continuer le combat à {space}, {mine} contre {theirs}{bonus}. "
    "D'ici, {side_fr} ne l'emporte que {odds} du temps : rester risque plus de coûter toutes "
    "les unités que de garder {what}. La meilleure ligne est dans la variante : la retraite.",
}

MISTAKE_LINE: Text = {
    "en": "Better: retreat. {player} gives up {space} but keeps the units, for a fight with "
    "the odds on their side.",
    "zh": "更好:撤退。{player} 放弃{space},但保住兵力,留到胜算在自己一边的战斗。",
    "fr": "Mieux : la retraite. {player} abandonne {space} mais garde ses unités, pour un "
    "combat où les chances sont de son côté.",
}

MISTAKE_AFTER: dict[str, Text] = {
    "wiped": {
        "en": "The cost of staying: {player} loses the battle and every unit in it.",
        "zh": "留下来的代价:{player} 输掉了这场战斗,也失去了参战的全部兵力。",
        "fr": "Le prix d'être resté : {player} perd le combat et toutes les unités engagées.",
    },
    "retreated": {
        "en": "The cost of staying: {player} loses {lost} more, then retreats anyway.",
        "zh": "留下来的代价:{player} 又损失了 {lost},最后还是撤退了。",
        "fr": "Le prix d'être resté : {player} perd encore {lost}, puis bat en retraite quand même.",
    },
}

SACRIFICE: Text = {
    "en": "{player} sends {attackers} against {defenders} on {space}{bonus}. Alone, this "
    "attack wins only {odds} of the time; but even a tie that costs both sides their unit "
    "leaves {space} without troops, and a second landing can then take it without a fight.",
    "zh": "{player} 以 {attackers} 进攻{space}上的 {defenders}{bonus}。单看这次进攻,胜率只有 {odds};"
    "但即使双方同归于尽,{space}也没有了陆军,第二次登陆就能不经战斗拿下它。",
    "fr": "{player} envoie {attackers} contre {defenders} sur {space}{bonus}. Seule, cette "
    "attaque ne réussit que {odds} du temps ; mais même une égalité qui coûte son unité à "
    "chaque camp laisse {space} sans troupes, et un second débarquement la prend alors sans "
    "combat.",
}

STAGED: Text = {
    "en": "These dice were chosen for the lesson: a tie, so each side loses a unit. When both "
    "sides run out this way, the defender keeps the isle with a territory marker.",
    "zh": "这次的骰子是为教学安排的:平局,双方各损失一个单位。双方这样同归于尽时,防守方用领土标记保住这座岛。",
    "fr": "Ces dés ont été choisis pour la leçon : une égalité, donc chaque camp perd une "
    "unité. Quand les deux camps s'épuisent ainsi, le défenseur garde l'île avec un "
    "marqueur de territoire.",
}

TURNING: Text = {
    "en": "The turning point. From this move to the end, {player} is never behind in "
    "Metropolises: every later cycle is the others trying to catch up.",
    "zh": "转折点。从这一步直到终局,{player} 的大都市数再也没有落后:之后的每个周期都是其他人在追赶。",
    "fr": "Le tournant. De ce coup à la fin, {player} n'est jamais derrière en Métropoles : "
    "chaque cycle suivant, les autres courent après.",
}

END: Text = {
    "en": "The cycle ends and victory is checked: {player} holds {count} Metropolises, "
    "{need} are needed, and wins after {cycles} cycles.{tie}",
    "zh": "周期结束,检查胜负:{player} 拥有 {count} 座大都市,需要 {need} 座,在第 {cycles} 个周期后获胜。{tie}",
    "fr": "Le cycle s'achève et la victoire est vérifiée : {player} a {count} Métropoles, il "
    "en faut {need}, et gagne après {cycles} cycles.{tie}",
}

TIE: Text = {
    "en": " {others} also reached {count}: the tie-break, the most gold, decides.",
    "zh": " {others} 也达到了 {count} 座:由平局裁决决定,金币最多者获胜。",
    "fr": " {others} en a aussi {count} : le départage, par l'or, décide.",
}


@dataclass
class Move:
    """One record step: the move, the states around it, its events and those after it."""

    index: int
    action: Action
    player: str | None
    before: GameState
    after: GameState
    events: list[Event]


def moves_of(game: Game) -> list[Move]:
    """Cut a game's history into record steps (as ``record.game_at`` does)."""
    history = game.history
    starts = [i for i, s in enumerate(history) if s.notation is not None]
    out = []
    for k, pos in enumerate(starts):
        end = starts[k + 1] if k + 1 < len(starts) else len(history)
        after = history[end].before if end < len(history) else game.state
        step = history[pos]
        assert step.action is not None
        player = step.player if step.kind == "decision" else None
        events = [e for s in history[pos:end] for e in s.events]
        out.append(Move(k, step.action, player, step.before, after, events))
    return out


def fill(template: Text, **values: Any) -> Text:
    """Each language's text with its values; a value that is itself a per-language dict
    gives each language its own words."""
    out = {}
    for lang in LANGS:
        own = {k: (v[lang] if isinstance(v, dict) else v) for k, v in values.items()}
        out[lang] = template[lang].format(**own)
    return out


def join(*texts: Text) -> Text:
    """Texts one after the other, in each language (Chinese without a space)."""
    return {lang: ("" if lang == "zh" else " ").join(t[lang] for t in texts) for lang in LANGS}


@dataclass
class StoryNote:
    """The notes of one record step, in every language."""

    before: Text | None = None
    after: Text | None = None
    tag: str | None = None
    isles: list[str] = field(default_factory=list)
    seas: list[str] = field(default_factory=list)


@dataclass
class Mistake:
    """A losing attack against the odds, and the better line at its move."""

    index: int
    better: list[str]
    comment: Text


class Story:
    """The notes of one example game, found from its moves (see the module)."""

    def __init__(self, moves: list[Move], director: Director, final: GameState) -> None:
        self.moves = moves
        self.director = director
        self.final = final
        self.spec = MapSpec.load(final.map_id)
        self.notes: dict[int, StoryNote] = {}
        self.mistake: Mistake | None = None
        self.points: list[tuple[int, str]] = []
        """(record step, what it shows) for the docs page."""
        self.used: set[str] = set()
        """Ways of telling already used: a game never says the same thing twice."""

    def pick(self, kind: str, variants: list[Text]) -> Text:
        """The next way of telling ``kind`` not used yet in this game (the last one
        again only when all are used)."""
        for i, variant in enumerate(variants):
            if f"{kind}{i}" not in self.used:
                self.used.add(f"{kind}{i}")
                return variant
        return variants[-1]

    # ------------------------------------------------------------------ names
    def isle(self, isle_id: str) -> Text:
        return {lang: self.spec.names[isle_id][lang] for lang in LANGS}

    def space(self, space: str) -> Text:
        if space in self.spec.isle_slots:
            return self.isle(space)
        return {"en": f"sea {space}", "zh": f"海域 {space}", "fr": f"la mer {space}"}

    def note(self, k: int) -> StoryNote:
        return self.notes.setdefault(k, StoryNote())

    # ------------------------------------------------------------------ writing
    def write(self) -> Story:
        """Find every note of the game."""
        n = self.final.n_players
        self.note(0).before = INTRO[n]
        metropolis_cycles = self._metropolises()
        self._conquests(metropolis_cycles)
        self._sacrifices()
        self._mistake()
        self._staged()
        self._turning_point()
        self._end()
        return self

    def _metropolises(self) -> set[int]:
        need = self.final.metropolises_to_win
        cycles = set()
        first = True
        for m in self.moves:
            for e in m.events:
                if e.kind not in ("metropolis_built", "metropolis_captured"):
                    continue
                player, isle = e.data["player"], e.data["isle"]
                seat = m.after.seat(player)
                count = m.after.metropolises(seat)
                best_other = max(
                    m.after.metropolises(s) for s in range(m.after.n_players) if s != seat
                )
                if e.kind == "metropolis_captured":
                    loser = m.before.names[m.before.isles[isle].owner or 0]
                    text = fill(CONQUEST_METROPOLIS, player=player, isle=self.isle(isle),
                                loser=loser)  # fmt: skip
                else:
                    way = self._way(m, player)
                    winner = self.final.names[self.final.winner or 0]
                    if first:
                        template = _first_metropolis(way)
                    elif count >= need and player == winner:
                        template = _winning_metropolis(way)
                    elif count >= need:
                        template = _reaches_too(way)
                    elif count == need - 1 and count > best_other and "short" not in self.used:
                        template = _one_short(way)
                        self.used.add("short")
                    else:
                        template = self.pick("answer", _answers(way))
                    standing = "ahead" if count > best_other else (
                        "level" if count == best_other else "behind")  # fmt: skip
                    part = PART[need]
                    text = fill(template, player=player, isle=self.isle(isle), count=count,
                                part=part,
                                need=need, standing=fill(STANDING[standing], player=player))  # fmt: skip
                first = False
                note = self.note(m.index)
                note.after = text if note.after is None else join(note.after, text)
                note.tag = note.tag or "key"
                note.isles.append(isle)
                cycles.add(m.before.cycle)
                self.points.append((m.index, "Metropolis"))
        return cycles

    def _way(self, m: Move, player: str) -> str:
        for e in m.events:
            if e.kind == "buildings_discarded" and e.data["player"] == player:
                return "buildings"
        return "philosophers"

    def _conquests(self, skip_cycles: set[int]) -> None:
        """In a cycle without a Metropolis, the capture of the isle with most buildings
        (at most three in a game, each told another way)."""
        best: dict[int, tuple[int, Move, str, str | None]] = {}
        for m in self.moves:
            for e in m.events:
                if e.kind != "capture":
                    continue
                isle = e.data["isle"]
                cycle = m.before.cycle
                if cycle in skip_cycles or m.index in self.notes:
                    continue
                owner = m.before.isles[isle].owner
                loser = m.before.names[owner] if owner is not None else None
                weight = len(m.before.isles[isle].buildings) * 2 + (loser is not None)
                if cycle not in best or weight > best[cycle][0]:
                    best[cycle] = (weight, m, isle, loser)
        chosen = sorted(best.values(), key=lambda b: (-b[0], b[1].index))[: len(CONQUESTS)]
        for _, m, isle, loser in sorted(chosen, key=lambda b: b[1].index):
            buildings = len(m.before.isles[isle].buildings)
            extra = (
                fill(WITH_BUILDINGS, count=buildings) if buildings > 1
                else WITH_BUILDING if buildings else dict.fromkeys(LANGS, "")
            )  # fmt: skip
            variants = [CONQUESTS[2]] if loser is None else CONQUESTS[:2]
            kind = "conquest"
            template = None
            for i, variant in enumerate(CONQUESTS):
                if variant in variants and f"{kind}{i}" not in self.used:
                    self.used.add(f"{kind}{i}")
                    template = variant
                    break
            if template is None:
                continue
            note = self.note(m.index)
            note.after = fill(template, player=m.player or "", isle=self.isle(isle),
                              loser=loser or "", buildings=extra)  # fmt: skip
            note.tag = "key"
            note.isles.append(isle)
            self.points.append((m.index, "conquest"))

    def _units(self, land: bool, k: int) -> Text:
        units = {
            "en": ("troop", "troops") if land else ("fleet", "fleets"),
            "zh": ("支陆军", "支陆军") if land else ("艘舰队", "艘舰队"),
            "fr": ("troupe", "troupes") if land else ("flotte", "flottes"),
        }
        out = {}
        for lang in LANGS:
            one, many = units[lang]
            sep = "" if lang == "zh" else " "
            out[lang] = f"{k}{sep}{one if k == 1 else many}"
        return out

    @staticmethod
    def _bonus(bonus: int) -> Text:
        if not bonus:
            return dict.fromkeys(LANGS, "")
        return {"en": f" (the defence adds {bonus} to each roll)",
                "zh": f"(防守方每次掷骰加 {bonus})",
                "fr": f" (la défense ajoute {bonus} à chaque jet)"}  # fmt: skip

    @staticmethod
    def _percent(p: float) -> Text:
        n = round(p * 100)
        return {lang: f"{n} %" if lang == "fr" else f"{n}%" for lang in LANGS}

    def _sacrifices(self) -> None:
        """An attack against the odds followed, in the same turn, by a landing that takes
        the emptied isle: a sacrifice, told as a key move (not a mistake)."""
        for m in self.moves:
            start = next((e.data for e in m.events if e.kind == "battle_start"), None)
            if start is None or start["terrain"] != "land" or m.player is None:
                continue
            odds = battle_odds(start["attackers"], start["defenders"],
                               defender_bonus=start["bonus"]).attacker_wins  # fmt: skip
            later = self.moves[m.index + 1 : m.index + 8]
            taken = any(e.kind == "capture" and e.data["isle"] == start["space"]
                        and e.data["player"] == m.player for x in later for e in x.events)  # fmt: skip
            if odds >= 0.5 or not taken:
                continue
            note = self.note(m.index)
            note.before = fill(SACRIFICE, player=m.player,
                               attackers=self._units(True, start["attackers"]),
                               defenders=self._units(True, start["defenders"]),
                               space=self.space(start["space"]), bonus=self._bonus(start["bonus"]),
                               odds=self._percent(odds))  # fmt: skip
            note.tag = "key"
            note.isles.append(start["space"])
            self.points.append((m.index, "sacrifice"))

    def _mistake(self) -> None:
        """The worst choice to fight on: a side that stays in a battle it is more likely
        to lose, when it could retreat, and then loses it. The better line, the retreat,
        is a variation."""
        candidates = []
        for m in self.moves:
            if m.player is None or m.action.kind != "fight":
                continue
            stand = next((e.data for e in m.events if e.kind == "battle_stand"), None)
            battle = current_battle(m.before)
            if stand is None or battle is None:
                continue
            retreats = [a for a in flow.legal_actions(m.before) if a.kind == "retreat"]
            if not retreats:
                continue
            defenders = defending_units(m.before, battle)
            bonus = defender_bonus(m.before, battle)[0]
            odds = battle_odds(battle.attackers, defenders, defender_bonus=bonus)
            side = stand["side"]
            chance = odds.attacker_wins if side == "attacker" else odds.defender_holds
            end = self._battle_end(m.index, battle.space)
            lost = end is not None and end[1].data["loser"] == m.player
            if chance < 0.5 and lost:
                candidates.append((chance, m, battle, side, defenders, bonus, retreats, end))
        if not candidates:
            return
        chance, m, battle, side, defenders, bonus, retreats, end = min(
            candidates, key=lambda c: (c[0], c[1].index)
        )
        land = battle.terrain == "land"
        mine, theirs = (battle.attackers, defenders) if side == "attacker" else (
            defenders, battle.attackers)  # fmt: skip
        what = {"en": "the isle" if land else "the sea", "zh": "岛" if land else "海域",
                "fr": "l'île" if land else "la mer"}  # fmt: skip
        note = self.note(m.index)
        space = self.space(battle.space)
        note.before = fill(
            MISTAKE_BEFORE, player=m.player, space=space, mine=self._units(land, mine),
            theirs=self._units(land, theirs), bonus=self._bonus(bonus), side=side,
            side_zh="进攻方" if side == "attacker" else "防守方",
            side_fr="l'attaquant" if side == "attacker" else "le défenseur",
            odds=self._percent(chance), what=what,
        )  # fmt: skip
        note.tag = "mistake"
        (note.isles if land else note.seas).append(battle.space)
        later = self.note(end[0])
        lost = sum(
            e.data[f"{side}_loss"]
            for x in self.moves[m.index : end[0] + 1]
            for e in x.events
            if e.kind == "battle_round" and e.data["space"] == battle.space
        )
        retreated = end[1].data["variant"].endswith("retreats")
        text = fill(MISTAKE_AFTER["retreated" if retreated else "wiped"], player=m.player,
                    lost=self._units(land, lost))  # fmt: skip
        later.after = text if later.after is None else join(later.after, text)
        self.mistake = Mistake(m.index, [str(retreats[0])],
                               fill(MISTAKE_LINE, player=m.player, space=space))  # fmt: skip
        self.points.append((m.index, "mistake"))

    def _battle_end(self, start: int, space: str) -> tuple[int, Any] | None:
        for m in self.moves[start:]:
            for e in m.events:
                if e.kind == "battle_end" and e.data.get("space", space) == space:
                    return m.index, e
        return None

    def _staged(self) -> None:
        for m in self.moves:
            if m.action.kind == "roll" and m.before.step in self.director.staged_rolls:
                note = self.note(m.index)
                note.after = STAGED if note.after is None else join(STAGED, note.after)
                note.tag = note.tag or "dice"
                self.points.append((m.index, "dice chosen for the lesson"))

    def _turning_point(self) -> None:
        winner = self.final.winner
        assert winner is not None
        turning = None
        for m in self.moves:
            s = m.after
            mine = s.metropolises(winner)
            behind = any(s.metropolises(o) > mine for o in range(s.n_players) if o != winner)
            if behind or mine == 0:
                turning = None
            elif turning is None:
                turning = m.index
        if turning is None:
            return
        note = self.note(turning)
        text = fill(TURNING, player=self.final.names[winner])
        note.after = text if note.after is None else join(note.after, text)
        note.tag = "turning"
        self.points.append((turning, "turning point"))

    def _end(self) -> None:
        s = self.final
        winner = s.winner
        assert winner is not None
        count = s.metropolises(winner)
        others = [s.names[o] for o in range(s.n_players) if o != winner
                  and s.metropolises(o) >= count]  # fmt: skip
        tie = fill(TIE, others=", ".join(others), count=count) if others else dict.fromkeys(
            LANGS, "")  # fmt: skip
        last = self.moves[-1].index
        note = self.note(last)
        text = fill(END, player=s.names[winner], count=count, need=s.metropolises_to_win,
                    cycles=s.cycle, tie=tie)  # fmt: skip
        note.after = text if note.after is None else join(note.after, text)
        note.tag = note.tag or "end"
        self.points.append((last, "the end"))
