"""The game's vocabulary in both languages, so every Chinese string names a thing the same way.

Each entry: the English word, the 繁體中文 word that the description of the game uses, and the words a
translator might reach for that this game does not use (a test fails if the catalogue's Chinese uses
one of them). `catalogue_key` names the catalogue entry that must say exactly this word, when there is one.
`counter` is the measure word the Chinese counts the thing with (三個板塊, never 三片 / 三塊板塊), and
`other_counters` the ones it must not use after a number.
Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Term:
    """One word of the game in both languages."""

    en: str
    zh: str
    avoid: tuple[str, ...] = ()
    catalogue_key: str | None = None
    counter: str | None = None
    other_counters: tuple[str, ...] = ()


GLOSSARY: tuple[Term, ...] = (
    Term("Two Rivers", "兩河流域", ("兩條河", "双河"), "game.title"),
    Term("kingdom", "王國", ("國度", "領土"), "word.kingdom"),
    Term("leader", "領袖", ("領導者", "首領", "領導人"), "word.leader"),
    Term("king", "王", ("國王", "君主"), "leader.black"),
    Term("priest", "祭司", ("牧師", "神父", "僧侶"), "leader.red"),
    Term("trader", "商人", ("貿易商", "商販"), "leader.green"),
    Term("farmer", "農夫", ("農民",), "leader.blue"),
    Term("temple", "神殿", ("寺廟", "廟宇", "神廟"), "tile.red"),
    Term("farm", "農田", ("農場", "農地"), "tile.blue"),
    Term("market", "市場", ("市集", "集市"), "tile.green"),
    Term("settlement", "聚落", ("定居點", "居住地", "村落"), "tile.black"),
    Term("catastrophe", "災難", ("災害", "天災", "大災變"), "word.catastrophe"),
    Term("treasure", "寶物", ("寶藏", "財寶"), "word.treasure"),
    Term("monument", "紀念碑", ("紀念物", "遺跡", "紀念塔"), "word.monument"),
    Term("revolt", "叛亂", ("內亂", "起義", "內戰"), "word.revolt"),
    Term("war", "戰爭", ("外戰", "戰鬥"), "word.war"),
    Term("dynasty", "王朝", ("朝代", "皇朝"), "word.dynasty"),
    Term("Advanced board", "進階版圖", ("高級版圖", "進階地圖"), "variant.advanced_board"),
    Term("Buildings", "文明建築", ("建築物",), "variant.buildings"),
    Term("Ziggurat", "塔廟", ("金字塔", "神塔"), "variant.ziggurat"),
    # The table and the rules pages speak of a turn's actions, of tiles and of swapping with one word each.
    Term("action", "動作", ("行動",)),
    Term("tile", "板塊", ("圖塊", "方塊", "牌塊"), counter="個", other_counters=("片", "塊")),
    Term("swap", "交換", ("換牌", "換掉"), "table.swap"),
)
