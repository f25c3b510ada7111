"""The 繁體中文 words of the in-game rules pages: the same keys and parameters as `rules_en.py`.

Written the way a board-game teaching group explains the game at the table, not word for word: short
sentences, the glossary's words (王國, 領袖, 神殿, 叛亂, 戰爭 …, and as on the table: an action is a 動作,
tiles are counted 個板塊, swapping is 交換), the hand as 手牌,
the attacker and defender as 攻方 / 守方. The meaning is RULES.md's, as in English.
"""

from __future__ import annotations

MESSAGES: dict[str, str | dict[str, str]] = {
    # -- 第 1 頁 ----------------------------------------------------------------------------------
    "rules.goal.title": "遊戲目標與回合",
    "rules.goal.1": "在兩河流域發展你的王國，收集紅、藍、綠、黑四種顏色的分數。",
    "rules.goal.2": "遊戲結束時，你的得分是你「最弱」的那個顏色：四種顏色都要顧到！",
    "rules.goal.3": "輪到你時做兩個動作，同一個動作做兩次也可以；最後把手牌補回六個板塊。",
    "rules.goal.caption": "這位玩家得 {score} 分：{color}色最低。",
    # -- 第 2 頁 ----------------------------------------------------------------------------------
    "rules.actions.title": "四種動作",
    "rules.actions.1": "1. 放置、移動或收回一位領袖。領袖只能站在陸地上，而且要緊鄰紅色的神殿。",
    "rules.actions.2": "2. 從手牌打出一個板塊。藍色的農田只能放在河上，其他顏色只能放在陸地上。",
    "rules.actions.3": "3. 放置災難：它會摧毀一個板塊，而且永久留在版圖上。",
    "rules.actions.4": "4. 交換：把手上一到六個板塊換成袋中抽出的新板塊。也可以不做動作，直接跳過。",
    "rules.actions.card": "{n}. {action}",
    "rules.actions.leader": "領袖",
    "rules.actions.tile": "板塊",
    "rules.actions.catastrophe": "災難",
    "rules.actions.swap": "交換",
    # -- 第 3 頁 ----------------------------------------------------------------------------------
    "rules.kingdoms.title": "王國與領袖",
    "rules.kingdoms.1": "彼此相連的板塊構成一個區域；區域裡有領袖，就成為王國。",
    "rules.kingdoms.2": "板塊放進王國時，王國裡同色領袖的主人得到 1 分該顏色的分數。",
    "rules.kingdoms.3": "沒有同色領袖？由王（黑色）拿分。連王都沒有？那就沒有人得分。",
    "rules.kingdoms.4": "一個王國裡，每種顏色的領袖最多一位。",
    "rules.kingdoms.caption": "新放的綠色市場，由王拿到這 1 分。",
    # -- 第 4 頁 ----------------------------------------------------------------------------------
    "rules.revolt.title": "叛亂",
    "rules.revolt.1": "把領袖放進已經有同色領袖的王國，就會引發叛亂。",
    "rules.revolt.2": "實力：緊鄰你領袖的神殿數量，加上你從手牌加碼的紅色板塊。",
    "rules.revolt.3": "攻方先加碼，守方後加碼；平手時守方贏。",
    "rules.revolt.4": "落敗的領袖回到主人手上；勝方得到 1 分紅色分數。",
    "rules.revolt.caption": "{dynasty1}祭司：2 座神殿。{dynasty2}祭司：1 座神殿。",
    # -- 第 5 頁 ----------------------------------------------------------------------------------
    "rules.war.title": "戰爭",
    "rules.war.1": "板塊把兩個王國連起來時，兩邊都有的領袖顏色，每種顏色各打一場戰爭。",
    "rules.war.2": "實力：你這一邊所有該顏色的板塊，加上你從手牌加碼的同色板塊。",
    "rules.war.3": "敗方失去那位領袖和那些板塊；勝方為那位領袖和每一個被移除的板塊各得 1 分。",
    "rules.war.4": "祭司的戰爭中，有寶物的神殿，以及緊鄰其他領袖的神殿，都會留在版圖上。",
    "rules.war.caption": "統一板塊把兩個王國連在一起：農夫之間的戰爭。",
    # -- 第 6 頁 ----------------------------------------------------------------------------------
    "rules.monuments.title": "紀念碑與寶物",
    "rules.monuments.1": "四個同色板塊排成正方形，可以蓋成一座紀念碑：雙色之一就是這個顏色。",
    "rules.monuments.2": "你的回合結束時，你在紀念碑所屬王國裡的領袖，顏色與紀念碑相符的各得 1 分。",
    "rules.monuments.3": "每回合結束時，王國裡若有兩個以上的寶物和一位商人（綠色），商人的主人就把寶物拿到只剩一個。",
    "rules.monuments.4": "遊戲結束時，每個寶物算 1 分，顏色任選。",
    "rules.monuments.caption": "四個板塊翻成背面：一座紀念碑。",
    # -- 第 7 頁 ----------------------------------------------------------------------------------
    "rules.end.title": "遊戲結束與最終計分",
    "rules.end.1": "袋子裡的板塊不夠補滿手牌時，遊戲結束；或是在回合結束時，版圖上只剩兩個以下的寶物，遊戲也結束。",
    "rules.end.2": "寶物一個一個加到你最低的顏色上，之後你最低的顏色就是你的得分。",
    "rules.end.3": "得分最高的人獲勝。平手時比第二低的顏色，再比第三低的，最後比最高的。",
    "rules.end.caption": "寶物拉高最弱的顏色。",
    # -- 第 8 頁 ----------------------------------------------------------------------------------
    "rules.variants.title": "變體規則",
    "rules.variants.1": "進階版圖：河道不同，寶物有十四個；其中中央的八個必須先拿。",
    "rules.variants.2": "文明建築：三個同色板塊連成一直線，就能在上面蓋該顏色的建築，可以得分。",
    "rules.variants.3": (
        "塔廟：五個同色板塊排成十字形，就能蓋起塔廟。"
        "你的回合結束時，你的王若在塔廟的王國裡，得 1 分黑色分數。"
    ),
    "rules.variants.caption": "在「{screen}」畫面選擇要用哪些變體。",
    # -- 頁框 -------------------------------------------------------------------------------------
    "rules.page_of": "{page} / {pages}",
}
